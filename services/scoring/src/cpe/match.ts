// CPE 2.3 name matching (NISTIR 7696 §6): attribute by attribute, ANY ('*') is a superset of everything,
// NA ('-') equals only NA, values compare case-insensitively after unescaping, and a value's unescaped
// leading/trailing wildcards ('*' any run of characters, '?' exactly one each) expand in the source only.
// A target value carrying wildcards makes the relation UNDEFINED in the standard; we then read the target
// as the pattern (so record CPEs such as version `1.*` still answer).
import { CPE_ATTRIBUTES, type Cpe23, parseCpe23 } from '@cvdp/core/cpe/index';

export type CpeRelation = 'EQUAL' | 'SUPERSET' | 'SUBSET' | 'DISJOINT' | 'UNDEFINED';

interface Split {
  lead: string;
  body: string;
  trail: string;
}

/** Leading and trailing unescaped wildcards of a formatted-string value, and the literal body between. */
function splitWildcards(value: string): Split {
  let i = 0;
  while (i < value.length && (value[i] === '*' || value[i] === '?')) i++;
  let j = value.length;
  while (j > i && (value[j - 1] === '*' || value[j - 1] === '?')) {
    // An escaped wildcard is literal: count the backslashes before it.
    let k = j - 2;
    let slashes = 0;
    while (k >= i && value[k] === '\\') {
      slashes++;
      k--;
    }
    if (slashes % 2 === 1) break;
    j--;
  }
  return { lead: value.slice(0, i), body: value.slice(i, j), trail: value.slice(j) };
}

const unescape = (s: string) => s.replace(/\\(.)/g, '$1').toLowerCase();
const hasWildcards = (value: string) => {
  const s = splitWildcards(value);
  return s.lead !== '' || s.trail !== '';
};

const wildcardRegex = (w: string) => w.replace(/\*/g, '.*').replace(/\?/g, '.');
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function wildcardMatch(pattern: string, literal: string): boolean {
  const s = splitWildcards(pattern);
  const re = new RegExp(
    `^${wildcardRegex(s.lead)}${escapeRegex(unescape(s.body))}${wildcardRegex(s.trail)}$`,
    's',
  );
  return re.test(unescape(literal));
}

/** NISTIR 7696 Table 6-2: the relation of a source attribute value to a target's. */
export function compareCpeValues(source: string, target: string): CpeRelation {
  if (source === '*') return target === '*' ? 'EQUAL' : 'SUPERSET';
  if (source === '-') return target === '-' ? 'EQUAL' : target === '*' ? 'SUBSET' : 'DISJOINT';
  if (target === '*') return 'SUBSET';
  if (target === '-') return 'DISJOINT';
  if (hasWildcards(target)) return 'UNDEFINED';
  if (!hasWildcards(source)) return unescape(source) === unescape(target) ? 'EQUAL' : 'DISJOINT';
  return wildcardMatch(source, target) ? 'SUPERSET' : 'DISJOINT';
}

/**
 * Does a record's CPE (target) concern the product the pattern (source) names? True unless some attribute
 * is DISJOINT: the pattern may be wider (SUPERSET: `chrome:*` finds `chrome:125.0`) or narrower (SUBSET:
 * `chrome:125.0` finds a record naming every version, `chrome:*`).
 */
export function cpeOverlaps(source: Cpe23, target: Cpe23): boolean {
  for (const a of CPE_ATTRIBUTES) {
    let rel = compareCpeValues(source[a], target[a]);
    if (rel === 'UNDEFINED') {
      // The target is itself a pattern: read it as the source.
      const back = compareCpeValues(target[a], source[a]);
      rel = back === 'UNDEFINED' ? 'EQUAL' : back;
    }
    if (rel === 'DISJOINT') return false;
  }
  return true;
}

/** All attributes SUPERSET or EQUAL: the pattern's name matching in the strict sense (CPE_Name_Compare superset). */
export function cpeIsSuperset(source: Cpe23, target: Cpe23): boolean {
  return CPE_ATTRIBUTES.every((a) => {
    const rel = compareCpeValues(source[a], target[a]);
    return rel === 'EQUAL' || rel === 'SUPERSET';
  });
}

export function parseOrNull(value: string): Cpe23 | null {
  return parseCpe23(value).cpe ?? null;
}

/** LIKE text matching literally (escape character '!'). */
export const likeLiteral = (s: string) => s.replace(/[!%_]/g, (c) => `!${c}`);

/**
 * A LIKE prefix (escape '!') every candidate target of this pattern starts with, lower-case: the literal
 * part/vendor/product when they carry no wildcards. Targets with ANY there are matched separately.
 */
export function likePrefix(pattern: Cpe23): string {
  let prefix = 'cpe:2.3:';
  for (const a of ['part', 'vendor', 'product'] as const) {
    const v = pattern[a];
    if (v === '*' || hasWildcards(v)) return `${likeLiteral(prefix)}%`;
    prefix += `${v.toLowerCase()}:`;
  }
  return `${likeLiteral(prefix)}%`;
}

// CPE 2.3 formatted strings (NISTIR 7695 §6.2): our own tokenizer and validator — there is no well-kept npm
// parser (STACK-WAVE2 §10). A name has 13 colon-separated components, `cpe:2.3:` then 11 attributes; a
// colon inside a value is escaped with a backslash, so the split is on unescaped colons only. Accepts
// exactly the strings of the anchored CPE 2.3 pattern the CVE 5.1 and CSAF 2.0 schemas carry (tests compare
// them), and says which attribute is wrong. Pure TypeScript, no dependency: the page may import it by path
// ('@cvdp/core/cpe/index'); it is not part of core's main index.

export const CPE_ATTRIBUTES = [
  'part',
  'vendor',
  'product',
  'version',
  'update',
  'edition',
  'language',
  'sw_edition',
  'target_sw',
  'target_hw',
  'other',
] as const;
export type CpeAttribute = (typeof CPE_ATTRIBUTES)[number];
/** The attributes as written in the string: escapes kept, `*` = ANY, `-` = NA. */
export type Cpe23 = Record<CpeAttribute, string>;

const PREFIX = 'cpe:2.3:';
/** Printable ASCII characters that stand for themselves only when escaped with a backslash. */
const PUNCT = '\\\\*?!"#$%&\'()+,/:;<=>@\\[\\]^`{|}~';
const CHAR = `(?:[A-Za-z0-9._-]|\\\\[${PUNCT}])`;
/** Edge wildcards around literal characters, or ANY / NA alone. */
const VALUE = `(?:(?:\\?*|\\*?)${CHAR}+(?:\\?*|\\*?)|[*-])`;
const LANG = '(?:[A-Za-z]{2,3}(?:-(?:[A-Za-z]{2}|[0-9]{3}))?|[*-])';
const VALUE_RE = new RegExp(`^${VALUE}$`);
const LANG_RE = new RegExp(`^${LANG}$`);
/** The whole name, anchored (the schemas' pattern, 2.3 branch). */
export const CPE23_PATTERN = new RegExp(`^cpe:2\\.3:[aho*-](?::${VALUE}){5}:${LANG}(?::${VALUE}){4}$`);

export const CPE_MESSAGES = {
  prefix: 'A CPE 2.3 name starts with "cpe:2.3:".',
  count: (n: number) =>
    `A CPE 2.3 name has 11 attributes after "cpe:2.3:" (part:vendor:product:version:update:edition:language:` +
    `sw_edition:target_sw:target_hw:other), this one has ${n}.`,
  part: 'The CPE part must be a (application), o (operating system) or h (hardware).',
  language: 'The CPE language must be a language tag such as en or en-us, * or -.',
  empty: (attribute: string) => `The CPE ${attribute} is empty: use * (any) or - (not applicable).`,
  value: (attribute: string) =>
    `The CPE ${attribute} is not valid: letters, digits, "." "-" "_" only, other characters escaped with a ` +
    'backslash (e.g. c\\+\\+), no spaces, wildcards * and ? only at its start or end.',
  trailingBackslash: 'A CPE name cannot end with a lone backslash.',
} as const;

/**
 * Splits a formatted string into its 11 attributes (escapes kept), or says why it is not one. Checks the
 * characters of every attribute too, so a result without `error` is a valid CPE 2.3 formatted string.
 */
export function parseCpe23(
  input: string,
): { cpe: Cpe23; error?: undefined } | { cpe?: undefined; error: string } {
  if (!input.startsWith(PREFIX)) return { error: CPE_MESSAGES.prefix };
  const parts: string[] = [];
  let current = '';
  for (let i = PREFIX.length; i < input.length; i++) {
    const c = input[i];
    if (c === '\\') {
      if (i + 1 >= input.length) return { error: CPE_MESSAGES.trailingBackslash };
      current += c + input[++i];
    } else if (c === ':') {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  if (parts.length !== CPE_ATTRIBUTES.length) return { error: CPE_MESSAGES.count(parts.length) };
  const cpe = Object.fromEntries(CPE_ATTRIBUTES.map((a, i) => [a, parts[i]])) as Cpe23;
  for (const attribute of CPE_ATTRIBUTES) {
    const value = cpe[attribute];
    const name = attribute.replace('_', ' ');
    if (attribute === 'part') {
      if (!/^[aho*-]$/.test(value)) return { error: CPE_MESSAGES.part };
    } else if (value === '') {
      return { error: CPE_MESSAGES.empty(name) };
    } else if (attribute === 'language') {
      if (!LANG_RE.test(value)) return { error: CPE_MESSAGES.language };
    } else if (!VALUE_RE.test(value)) {
      return { error: CPE_MESSAGES.value(name) };
    }
  }
  return { cpe };
}

/** Null when `input` is a valid CPE 2.3 formatted string, else what is wrong with it. */
export function cpe23Error(input: string): string | null {
  return parseCpe23(input).error ?? null;
}

export const isCpe23 = (input: string): boolean => cpe23Error(input) === null;

/** An attribute as people read it: `bar\:baz` → `bar:baz`. */
export const unescapeCpeValue = (value: string): string => value.replace(/\\(.)/g, '$1');

/**
 * A literal value as a formatted-string attribute: lower-case, whitespace as `_`, every character outside
 * `A-Za-z0-9._-` escaped; '' or '*' is ANY, '-' is NA. Null for text a CPE cannot hold (non-ASCII).
 */
export function cpeValue(text: string): string | null {
  const s = text.trim().toLowerCase().replace(/\s+/g, '_');
  if (s === '' || s === '*') return '*';
  if (s === '-') return '-';
  if (/[^\x21-\x7e]/.test(s)) return null;
  return s.replace(/[^a-z0-9._-]/g, (c) => `\\${c}`);
}

/** The formatted string of 11 attributes (already in formatted-string form). */
export const formatCpe23 = (cpe: Cpe23): string => PREFIX + CPE_ATTRIBUTES.map((a) => cpe[a]).join(':');

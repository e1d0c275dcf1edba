// One vendor's status as an OSV `affected` entry. Only statuses whose products are affected (the CSAF group
// known_affected in status-mapping.ts: affected, fixed) with a purl OSV has an ecosystem for give one.
// What the vendor listed becomes:
//   affected versions   a plain version → `versions`; a range (">= 2.0, < 2.4.1", "vers:npm/>=2.0|<2.4.1",
//                        "<= 1.9") → an ECOSYSTEM range (>= introduced, < fixed, <= last_affected)
//   fixed versions      each → a range {introduced: "0", fixed} — "fixed in F": CVDP does not know where the
//                        flaw came in, and OSV's "0" says "since the first version", as GHSA writes it
//   nothing             "affected": every version (introduced "0" alone); "fixed": nothing is affected
// Text no rule reads is kept in database_specific (with the vendor's own words), and an "affected" status
// that leaves nothing else readable claims every version rather than none.
import { isVersionRange, splitVersions } from '../csaf/product-tree.ts';
import { meaningOf } from '../csaf/status-mapping.ts';
import type { VendorStatusEntry } from '../csaf/types.ts';
import { type OsvPackage, osvPackage } from './ecosystem.ts';

export type OsvEvent = { introduced: string } | { fixed: string } | { last_affected: string };

export interface OsvRange {
  type: 'ECOSYSTEM';
  events: OsvEvent[];
}

export interface OsvAffected {
  package: OsvPackage;
  ranges?: OsvRange[];
  versions?: string[];
  database_specific: {
    vendor: string;
    product: string;
    status: string;
    affected_versions?: string;
    fixed_versions?: string;
    unread_versions?: string[];
  };
}

const ALL: OsvRange = { type: 'ECOSYSTEM', events: [{ introduced: '0' }] };

/** A version range as OSV events, or null when a part is not `>=`, `<` or `<=` a version. */
export function rangeEvents(text: string): OsvEvent[] | null {
  const body = text.trim().replace(/^vers:[a-z0-9.+-]+\//i, '');
  if (body === '*') return [{ introduced: '0' }];
  const events: OsvEvent[] = [];
  for (const part of body.split(/[|,]/)) {
    const m = /^\s*(>=|<=|<)\s*([^\s<>=|,]+)\s*$/.exec(part);
    if (!m) return null;
    const [, op, version] = m;
    events.push(
      op === '>=' ? { introduced: version } : op === '<' ? { fixed: version } : { last_affected: version },
    );
  }
  // OSV: a range holds an introduced event, and fixed and last_affected never together.
  if (events.some((e) => 'fixed' in e) && events.some((e) => 'last_affected' in e)) return null;
  if (!('introduced' in events[0])) events.unshift({ introduced: '0' });
  return events;
}

/** The OSV `affected` entry of a vendor's status, or null (not affected, no purl, or no OSV ecosystem). */
export function osvAffected(entry: VendorStatusEntry): OsvAffected | null {
  if (meaningOf(entry.status).csaf !== 'known_affected' || !entry.purl) return null;
  const pkg = osvPackage(entry.purl);
  if (!pkg) return null;
  const ranges: OsvRange[] = [];
  const versions: string[] = [];
  const unread: string[] = [];
  for (const v of splitVersions(entry.affectedVersions)) {
    if (!isVersionRange(v) && v !== '*') {
      versions.push(v);
      continue;
    }
    const events = rangeEvents(v);
    if (events) ranges.push({ type: 'ECOSYSTEM', events });
    else unread.push(v);
  }
  for (const f of splitVersions(entry.fixedVersions)) {
    if (isVersionRange(f)) unread.push(f);
    else ranges.push({ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: f }] });
  }
  const listed = splitVersions(entry.affectedVersions).length + splitVersions(entry.fixedVersions).length;
  if (ranges.length === 0 && versions.length === 0) {
    // "fixed" with nothing listed: the product is fixed as a whole, nothing left affected.
    if (entry.status === 'fixed' && listed === 0) return null;
    ranges.push(ALL);
  }
  return {
    package: pkg,
    ...(ranges.length ? { ranges } : {}),
    ...(versions.length ? { versions } : {}),
    database_specific: {
      vendor: entry.vendor,
      product: entry.product.trim() || entry.vendor,
      status: entry.status,
      ...(entry.affectedVersions.trim() ? { affected_versions: entry.affectedVersions.trim() } : {}),
      ...(entry.fixedVersions.trim() ? { fixed_versions: entry.fixedVersions.trim() } : {}),
      ...(unread.length ? { unread_versions: unread } : {}),
    },
  };
}

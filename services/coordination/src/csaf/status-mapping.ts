// What a vendor's status says in the documents we write, in one place: the vendor status rows as the
// builders read them (VendorStatusEntry), and one table of what each status (and its affected / fixed
// versions) means in CSAF (product_status, the action for affected products, the product tree's leaves)
// and in CVE JSON 5 (the `affected` list). Read by product-tree.ts, vex.ts (the VEX and the advisory's
// vulnerabilities) and cve/record.ts, so a change of meaning is made here once for every document.
import type { VendorStatusValue, VexJustification } from '@cvdp/core';
import type { VendorParticipant, VendorStatusRow } from '../vendor-status/store.ts';
import type { VendorStatusEntry } from './types.ts';

/** The CSAF product_status groups a vendor's statement puts products in. */
export type ProductStatusGroup = 'known_affected' | 'known_not_affected' | 'fixed' | 'under_investigation';

/** CVE JSON 5 version / default statuses. */
export type CveVersionStatus = 'affected' | 'unaffected' | 'unknown';

export interface StatusMeaning {
  /**
   * The CSAF group of the products the status is about — the affected versions, or without them the
   * product (or, beside listed fixed versions, its other versions). Null: the status says nothing (left
   * out of every CSAF document).
   */
  csaf: ProductStatusGroup | null;
  /** The group instead when the vendor lists no version at all (a product reported fixed as a whole). */
  csafWhole: ProductStatusGroup | null;
  /** Its affected products have a fix (vendor_fix even without fixed versions listed) — else none_available. */
  fixAnnounced: boolean;
  /** Listed fixed versions are all the status is about: no leaf for the product's other versions. */
  fixedVersionsSayAll: boolean;
  /** Beside listed fixed versions, the rest of the product is named "versions before …" (else "other versions"). */
  beforeFixed: boolean;
  /** CVE JSON 5 defaultStatus: when no version is listed, and when some are. */
  cveDefault: { unlisted: CveVersionStatus; listed: CveVersionStatus };
}

/**
 * Every vendor status, what it means. Listed fixed versions are CSAF `fixed` and CVE `unaffected`, listed
 * affected versions CVE `affected`, whatever the status (FIXED_VERSION, AFFECTED_VERSION).
 */
export const STATUS_MEANING: Record<VendorStatusValue, StatusMeaning> = {
  affected: {
    csaf: 'known_affected',
    csafWhole: 'known_affected',
    fixAnnounced: false,
    fixedVersionsSayAll: false,
    beforeFixed: true,
    cveDefault: { unlisted: 'affected', listed: 'unknown' },
  },
  // The affected versions a "fixed" vendor lists were affected: they need their action statement.
  fixed: {
    csaf: 'known_affected',
    csafWhole: 'fixed',
    fixAnnounced: true,
    fixedVersionsSayAll: true,
    beforeFixed: false,
    cveDefault: { unlisted: 'unknown', listed: 'unknown' },
  },
  not_affected: {
    csaf: 'known_not_affected',
    csafWhole: 'known_not_affected',
    fixAnnounced: false,
    fixedVersionsSayAll: false,
    beforeFixed: false,
    cveDefault: { unlisted: 'unaffected', listed: 'unaffected' },
  },
  under_investigation: {
    csaf: 'under_investigation',
    csafWhole: 'under_investigation',
    fixAnnounced: false,
    fixedVersionsSayAll: false,
    beforeFixed: false,
    cveDefault: { unlisted: 'unknown', listed: 'unknown' },
  },
  unknown: {
    csaf: null,
    csafWhole: null,
    fixAnnounced: false,
    fixedVersionsSayAll: false,
    beforeFixed: false,
    cveDefault: { unlisted: 'unknown', listed: 'unknown' },
  },
};

/** A listed fixed version: CSAF product_status group and CVE version status. */
export const FIXED_VERSION = { csaf: 'fixed', cve: 'unaffected' } as const;
/** A listed affected version in the CVE record. */
export const AFFECTED_VERSION = { cve: 'affected' } as const;

/** The meaning of a stored status (a value outside the list reads as unknown). */
export const meaningOf = (status: string): StatusMeaning =>
  STATUS_MEANING[status as VendorStatusValue] ?? STATUS_MEANING.unknown;

/**
 * The CSAF group of an entry's subject: `csafWhole` when the vendor listed no version (neither affected
 * nor fixed), else `csaf`.
 */
export function csafGroupOf(
  status: VendorStatusValue,
  listed: { affected: number; fixed: number },
): ProductStatusGroup | null {
  const meaning = meaningOf(status);
  return listed.affected === 0 && listed.fixed === 0 ? meaning.csafWhole : meaning.csaf;
}

/** The vendor status rows of a vulnerability as the CSAF and CVE builders read them, vendors named. */
export function vendorStatusEntries(
  vendors: Pick<VendorParticipant, 'participant' | 'name'>[],
  rows: VendorStatusRow[],
): VendorStatusEntry[] {
  const names = new Map(vendors.map((v) => [v.participant, v.name]));
  return rows.map((row) => ({
    participant: row.participantId,
    vendor: names.get(row.participantId) || `Vendor ${row.participantId}`,
    status: row.status as VendorStatusValue,
    justification: row.justification as VexJustification | null,
    product: row.product,
    affectedVersions: row.affectedVersions,
    fixedVersions: row.fixedVersions,
    cpe: row.cpe,
    purl: row.purl,
    statement: row.statement,
    updatedAt: row.updatedAt,
  }));
}

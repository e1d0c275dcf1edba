// The parts of a CSAF 2.0 document we write (csaf.md §1), and what they are built from. Shared with the
// advisories of the next issue.
import type { VendorStatusValue, VexJustification } from '@cvdp/core';

export type CsafBranchCategory =
  'vendor' | 'product_name' | 'product_version' | 'product_version_range' | 'product_family';

export interface CsafProductIdentificationHelper {
  cpe?: string;
  purl?: string;
}

export interface CsafFullProductName {
  name: string;
  product_id: string;
  product_identification_helper?: CsafProductIdentificationHelper;
}

export interface CsafBranch {
  category: CsafBranchCategory;
  name: string;
  branches?: CsafBranch[];
  product?: CsafFullProductName;
}

export interface CsafProductTree {
  branches: CsafBranch[];
}

export interface CsafNote {
  category: 'description' | 'details' | 'faq' | 'general' | 'legal_disclaimer' | 'other' | 'summary';
  text: string;
  title?: string;
}

export interface CsafReference {
  url: string;
  summary: string;
  category?: 'external' | 'self';
}

export interface CsafPublisher {
  category: 'coordinator' | 'discoverer' | 'other' | 'translator' | 'user' | 'vendor';
  name: string;
  /** A URI the publisher controls. */
  namespace: string;
  contact_details?: string;
  issuing_authority?: string;
}

/** One vendor's status for one vulnerability, as the CSAF builders read it (a vendor_status row + its vendor). */
export interface VendorStatusEntry {
  /** The vendor's case_participants id: product ids are built from it, so they stay stable. */
  participant: number;
  /** The vendor's name (group or user). */
  vendor: string;
  status: VendorStatusValue;
  justification: VexJustification | null;
  /** The product's name; the vendor's name when empty. */
  product: string;
  affectedVersions: string;
  fixedVersions: string;
  cpe: string | null;
  purl: string | null;
  statement: string;
  updatedAt: Date;
}

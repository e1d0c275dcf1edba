// The CSAF product tree built from vendor status rows (csaf.md §1): a `vendor` branch per vendor, a
// `product_name` branch per product under it, and a leaf per version — `product_version` for a version,
// `product_version_range` for a range (test 6.1.31 refuses range words and operators in product_version
// names) — or the product itself when no version is given. CPE and purl become each leaf's
// product_identification_helper: a name without a version gets the leaf's version filled in, a name with a
// version goes to the leaf of that version (or to the only leaf). Product ids are derived from the vendor
// participant and the version text, so the same grid always gives the same ids.
import { cpeValue, formatCpe23, parseCpe23, unescapeCpeValue } from '@cvdp/core/cpe/index';
import { purlVersion, purlWithVersion } from '@cvdp/core/purl/index';
import { meaningOf } from './status-mapping.ts';
import type {
  CsafBranch,
  CsafFullProductName,
  CsafProductIdentificationHelper,
  CsafProductTree,
  VendorStatusEntry,
} from './types.ts';

/** What test 6.1.31 refuses in a product_version name: these operators anywhere, these words alone. */
const RANGE_OPERATORS = ['<', '<=', '>', '>='];
const RANGE_WORDS = ['after', 'all', 'before', 'earlier', 'later', 'prior', 'versions'];

export function isVersionRange(version: string): boolean {
  const lower = version.toLowerCase();
  return (
    lower.startsWith('vers:') ||
    RANGE_OPERATORS.some((op) => lower.includes(op)) ||
    lower.split(/\s/).some((word) => RANGE_WORDS.includes(word))
  );
}

/**
 * The versions a free-text field lists: one per line or separated by ';' — and by ',' too unless the text
 * holds ranges (">= 2.0, < 2.4.1" is one range, not two).
 */
export function splitVersions(text: string): string[] {
  const separators = isVersionRange(text) ? /[;\n]+/ : /[,;\n]+/;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(separators)) {
    const version = part.trim().replace(/\s+/g, ' ');
    if (version && !seen.has(version.toLowerCase())) {
      seen.add(version.toLowerCase());
      out.push(version);
    }
  }
  return out;
}

/** A leaf of one vendor's product, and which version field it came from. */
export interface ProductLeaf {
  productId: string;
  /** Null: the product as a whole (no version given). */
  version: string | null;
  range: boolean;
  /** 'affected': listed in the affected versions (the subject of the status); 'fixed': in the fixed versions. */
  from: 'subject' | 'fixed';
}

export interface EntryProducts {
  entry: VendorStatusEntry;
  /** The products the entry's status is about (affected versions, or the product itself). */
  subject: string[];
  /** The products listed as fixed versions. */
  fixed: string[];
}

export interface BuiltProductTree {
  productTree: CsafProductTree;
  entries: EntryProducts[];
}

/** A version as part of a product id: comparison operators spelt out (lt, le, gt, ge), the rest kept readable. */
const idPart = (version: string) =>
  version
    .replace(/<=/g, 'le')
    .replace(/>=/g, 'ge')
    .replace(/</g, 'lt')
    .replace(/>/g, 'gt')
    .replace(/[^A-Za-z0-9.+_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60) || 'v';

/** The product's CPE for a leaf, or none when the given CPE names another version. */
function cpeFor(cpe: string, leaf: ProductLeaf, onlyLeaf: boolean): string | undefined {
  const parsed = parseCpe23(cpe).cpe;
  if (!parsed) return undefined;
  if (leaf.version === null || onlyLeaf) return cpe;
  if (parsed.version === '*') {
    if (leaf.range) return cpe;
    const value = cpeValue(leaf.version);
    return value ? formatCpe23({ ...parsed, version: value }) : undefined;
  }
  return !leaf.range && unescapeCpeValue(parsed.version).toLowerCase() === leaf.version.toLowerCase()
    ? cpe
    : undefined;
}

/** The product's purl for a leaf, or none when the given purl names another version. */
function purlFor(purl: string, leaf: ProductLeaf, onlyLeaf: boolean): string | undefined {
  let own: string | undefined;
  try {
    own = purlVersion(purl);
  } catch {
    return undefined;
  }
  if (leaf.version === null || onlyLeaf) return purl;
  if (own === undefined) {
    if (leaf.range) return purl;
    try {
      return purlWithVersion(purl, leaf.version);
    } catch {
      return undefined;
    }
  }
  return !leaf.range && own.toLowerCase() === leaf.version.toLowerCase() ? purl : undefined;
}

function helperFor(entry: VendorStatusEntry, leaf: ProductLeaf, onlyLeaf: boolean) {
  const helper: CsafProductIdentificationHelper = {};
  const cpe = entry.cpe ? cpeFor(entry.cpe, leaf, onlyLeaf) : undefined;
  const purl = entry.purl ? purlFor(entry.purl, leaf, onlyLeaf) : undefined;
  if (cpe) helper.cpe = cpe;
  if (purl) helper.purl = purl;
  return cpe || purl ? helper : undefined;
}

/** The leaves of one entry: its fixed versions, and its subject versions not listed as fixed. */
function leavesOf(entry: VendorStatusEntry): ProductLeaf[] {
  const base = `CVDP-${entry.participant}`;
  const used = new Set<string>();
  const leaf = (version: string | null, from: ProductLeaf['from']): ProductLeaf => {
    let productId = version === null ? base : `${base}-${idPart(version)}`;
    for (let n = 2; used.has(productId); n++) productId = `${base}-${idPart(version ?? '')}-${n}`;
    used.add(productId);
    return { productId, version, range: version !== null && isVersionRange(version), from };
  };
  const fixed = splitVersions(entry.fixedVersions);
  const fixedKeys = new Set(fixed.map((v) => v.toLowerCase()));
  const subject = splitVersions(entry.affectedVersions).filter((v) => !fixedKeys.has(v.toLowerCase()));
  const leaves = [...subject.map((v) => leaf(v, 'subject')), ...fixed.map((v) => leaf(v, 'fixed'))];
  // A status about no listed version is about the product as a whole — except "fixed" with its fixed
  // versions listed, which says all there is. Beside fixed versions "the whole product" is the versions
  // not listed as fixed: a range leaf (a branch holds either a product or versions, never both).
  const meaning = meaningOf(entry.status);
  if (subject.length === 0 && !(meaning.fixedVersionsSayAll && fixed.length > 0)) {
    if (fixed.length === 0) leaves.unshift(leaf(null, 'subject'));
    else
      leaves.unshift(
        leaf(meaning.beforeFixed ? `versions before ${fixed.join(', ')}` : 'other versions', 'subject'),
      );
  }
  return leaves;
}

/** The product tree of these entries (unknown ones left out), and each entry's product ids. */
export function buildProductTree(entries: VendorStatusEntry[]): BuiltProductTree {
  const known = entries.filter((e) => e.status !== 'unknown');
  const vendors = new Map<number, { name: string; products: Map<string, CsafBranch> }>();
  const out: EntryProducts[] = [];
  for (const entry of known) {
    const vendor = vendors.get(entry.participant) ?? {
      name: entry.vendor,
      products: new Map<string, CsafBranch>(),
    };
    vendors.set(entry.participant, vendor);
    const productName = entry.product.trim() || entry.vendor;
    const productBranch: CsafBranch = vendor.products.get(productName) ?? {
      category: 'product_name',
      name: productName,
    };
    vendor.products.set(productName, productBranch);
    const fullName =
      productName.toLowerCase().startsWith(entry.vendor.toLowerCase()) || !entry.vendor
        ? productName
        : `${entry.vendor} ${productName}`;
    const leaves = leavesOf(entry);
    for (const leaf of leaves) {
      const product: CsafFullProductName = {
        name: leaf.version === null ? fullName : `${fullName} ${leaf.version}`,
        product_id: leaf.productId,
      };
      const helper = helperFor(entry, leaf, leaves.length === 1);
      if (helper) product.product_identification_helper = helper;
      if (leaf.version === null) {
        productBranch.product = product;
      } else {
        (productBranch.branches ??= []).push({
          category: leaf.range ? 'product_version_range' : 'product_version',
          name: leaf.version,
          product,
        });
      }
    }
    out.push({
      entry,
      subject: leaves.filter((l) => l.from === 'subject').map((l) => l.productId),
      fixed: leaves.filter((l) => l.from === 'fixed').map((l) => l.productId),
    });
  }
  const branches: CsafBranch[] = [...vendors.values()].map((v) => ({
    category: 'vendor',
    name: v.name,
    branches: [...v.products.values()],
  }));
  return { productTree: { branches }, entries: out };
}

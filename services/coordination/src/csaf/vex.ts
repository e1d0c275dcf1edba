// A vulnerability's VEX as a CSAF 2.0 `csaf_vex` document (csaf.md §2, §7), built from its vendor status
// rows: the product tree from the rows (product-tree.ts); product_status from the statuses as
// status-mapping.ts maps them (affected → known_affected, not_affected → known_not_affected, fixed →
// fixed, under_investigation → under_investigation; listed fixed versions → fixed); for every not-affected
// product a flag with the VEX justification (6.1.27.9) and, with a statement, an impact threat; for every
// affected product an action statement (6.1.27.10): vendor_fix naming the fixed versions, else
// none_available. The CVE (or, without one, the VU# id) satisfies 6.1.27.8; the description is the
// vulnerability's note (6.1.27.5).
import { weaknesses } from '@secvisogram/csaf-validator-lib/cwe.js';
import { vulLabel } from '@cvdp/core';
import { scoreCvss3 } from '@cvdp/core/cvss3/index';
import { buildProductTree, type EntryProducts, splitVersions } from './product-tree.ts';
import { csafGroupOf, FIXED_VERSION, type ProductStatusGroup, STATUS_MEANING } from './status-mapping.ts';
import type { CsafNote, CsafProductTree, CsafPublisher, CsafReference, VendorStatusEntry } from './types.ts';

/** What of a vulnerability the VEX carries. */
export interface VexVulnerability {
  id: number;
  caseId: number;
  localId: number;
  title: string;
  description: string;
  /** CWE catalogue ids (79 for CWE-79). */
  cwes: number[];
  cve: string | null;
  references: string[];
  createdAt: Date;
  updatedAt: Date;
  /** Its CVSS scores (computed by the server from the vectors), by version and source. */
  cvss?: VexCvssScore[];
}

export interface VexCvssScore {
  version: string;
  source: string;
  vector: string;
  score: number;
  severity: string;
}

export interface VexCase {
  id: number;
}

export interface VexOptions {
  /** Where the document is served (a `self` reference), when the instance knows its public address. */
  selfUrl?: string;
  /** The generator's name (tracking.generator.engine). */
  engine?: { name: string; version?: string };
}

export interface CsafRemediation {
  category: 'vendor_fix' | 'none_available' | 'mitigation' | 'no_fix_planned' | 'workaround';
  details: string;
  product_ids: string[];
}

export interface CsafCvssV3 {
  version: '3.0' | '3.1';
  vectorString: string;
  baseScore: number;
  baseSeverity: string;
}

interface CsafVexVulnerability {
  cve?: string;
  cwe?: { id: string; name: string };
  ids?: { system_name: string; text: string }[];
  title?: string;
  notes: CsafNote[];
  product_status: Partial<Record<ProductStatusGroup, string[]>>;
  flags?: { label: string; product_ids: string[] }[];
  threats?: { category: 'impact'; details: string; product_ids: string[] }[];
  remediations?: CsafRemediation[];
  scores?: { products: string[]; cvss_v3: CsafCvssV3 }[];
  references?: CsafReference[];
}

export interface CsafVexDocument {
  document: {
    category: 'csaf_vex';
    csaf_version: '2.0';
    lang: string;
    title: string;
    publisher: CsafPublisher;
    notes?: CsafNote[];
    references?: CsafReference[];
    tracking: {
      id: string;
      status: 'draft' | 'interim' | 'final';
      version: string;
      initial_release_date: string;
      current_release_date: string;
      revision_history: { number: string; date: string; summary: string }[];
      generator?: { engine: { name: string; version?: string } };
    };
  };
  product_tree: CsafProductTree;
  vulnerabilities: CsafVexVulnerability[];
}

/** Why there is no VEX: no vendor said anything but "unknown". */
export class EmptyVexError extends Error {
  constructor(readonly label: string) {
    super(
      `${label} has no vendor status other than "unknown": a VEX document needs at least one vendor's ` +
        'status (affected, not affected, fixed or under investigation).',
    );
    this.name = 'EmptyVexError';
  }
}

/** The CSAF cwe object for the first of the CWEs the validator's catalogue knows (6.1.11 checks the name). */
export function csafCwe(ids: number[]): { id: string; name: string } | undefined {
  for (const n of ids) {
    const entry = weaknesses.find((w) => w.id === `CWE-${n}`);
    if (entry) return { id: entry.id, name: entry.name };
  }
  return undefined;
}

/** The tracking id of a vulnerability's VEX, e.g. "VU#12.1-VEX". */
export const vexTrackingId = (caseId: number, localId: number) => `${vulLabel(caseId, localId)}-VEX`;

/**
 * The file name CSAF gives a document (csaf.md §3): the tracking id lower-cased, every run of characters
 * outside [+\-a-z0-9] replaced by '_', plus .json — "VU#12.1-VEX" → "vu_12_1-vex.json".
 */
export const csafFileName = (trackingId: string) =>
  `${trackingId.toLowerCase().replace(/[^+\-a-z0-9]+/g, '_')}.json`;

const firstLine = (text: string, max = 120) => {
  const line = text.trim().split('\n')[0].trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/**
 * A CVSS 3.x vector as CSAF's cvss_v3 object: the base score and severity (the stored score may be the
 * environmental one; 6.1.9 recomputes the base score from the vector). Null for a vector that does not parse.
 */
export function csafCvssV3(vector: string): CsafCvssV3 | null {
  try {
    const scored = scoreCvss3(vector);
    return {
      version: scored.version,
      vectorString: scored.vector,
      baseScore: scored.baseScore,
      baseSeverity: scored.baseSeverity.toUpperCase(),
    };
  } catch {
    return null;
  }
}

/** The score of a version to publish: the coordinator's before the reporter's. */
export const scoreOf = (scores: VexCvssScore[], version: string) =>
  scores.find((s) => s.version === version && s.source === 'coordinator') ??
  scores.find((s) => s.version === version);

const nonEmpty = <T>(items: T[]): T[] | undefined => (items.length ? items : undefined);

/** What a vulnerability's vendor statuses say in CSAF terms (shared by the VEX and the advisory). */
export interface VulnerabilityStatus {
  status: Record<ProductStatusGroup, string[]>;
  flags: NonNullable<CsafVexVulnerability['flags']>;
  threats: NonNullable<CsafVexVulnerability['threats']>;
  remediations: CsafRemediation[];
  /** The vendors' statements, as notes. */
  statements: CsafNote[];
}

/**
 * product_status from the statuses (the groups of status-mapping.ts: listed fixed versions → fixed, the
 * products a status is about → its group), a justification flag and/or impact threat per not-affected
 * product, and an action statement per affected product.
 */
export function vulnerabilityStatus(entries: EntryProducts[]): VulnerabilityStatus {
  const status: Record<ProductStatusGroup, string[]> = {
    known_affected: [],
    known_not_affected: [],
    fixed: [],
    under_investigation: [],
  };
  const flags: NonNullable<CsafVexVulnerability['flags']> = [];
  const threats: NonNullable<CsafVexVulnerability['threats']> = [];
  const remediations: CsafRemediation[] = [];
  const statements: CsafNote[] = [];

  for (const { entry, subject, fixed } of entries) {
    status[FIXED_VERSION.csaf].push(...fixed);
    const statement = entry.statement.trim();
    if (statement)
      statements.push({ category: 'details', title: `Statement of ${entry.vendor}`, text: statement });
    const group = csafGroupOf(entry.status, {
      affected: splitVersions(entry.affectedVersions).length,
      fixed: fixed.length,
    });
    if (group === null || subject.length === 0) continue;
    status[group].push(...subject);
    if (group === 'known_affected') {
      const fixedIn = splitVersions(entry.fixedVersions);
      remediations.push(
        fixedIn.length
          ? {
              category: 'vendor_fix',
              details: `Fixed in ${fixedIn.join(', ')}.${statement ? ` ${statement}` : ''}`,
              product_ids: subject,
            }
          : STATUS_MEANING[entry.status].fixAnnounced
            ? {
                category: 'vendor_fix',
                details: statement || `${entry.vendor} reports this vulnerability fixed.`,
                product_ids: subject,
              }
            : {
                category: 'none_available',
                details: statement || `${entry.vendor} has not announced a fix yet.`,
                product_ids: subject,
              },
      );
    } else if (group === 'known_not_affected') {
      if (entry.justification) flags.push({ label: entry.justification, product_ids: subject });
      if (statement || !entry.justification) {
        threats.push({
          category: 'impact',
          details: statement || `${entry.vendor} states that this product is not affected.`,
          product_ids: subject,
        });
      }
    }
  }

  return { status, flags, threats, remediations, statements };
}

/**
 * The csaf_vex document of one vulnerability. Throws EmptyVexError when no row says more than "unknown".
 * The document is a snapshot of the grid, so it is `interim` (it changes as vendors answer), at version 1,
 * dated by the latest change to the vulnerability or its rows — the same grid gives the same document.
 */
export function buildVex(
  vul: VexVulnerability,
  caseRow: VexCase,
  cells: VendorStatusEntry[],
  publisher: CsafPublisher,
  options: VexOptions = {},
): CsafVexDocument {
  const label = vulLabel(caseRow.id, vul.localId);
  const known = cells.filter((c) => c.status !== 'unknown');
  if (known.length === 0) throw new EmptyVexError(label);

  const { productTree, entries } = buildProductTree(known);
  const { status, flags, threats, remediations, statements } = vulnerabilityStatus(entries);

  const date = new Date(
    Math.max(vul.updatedAt.getTime(), vul.createdAt.getTime(), ...known.map((c) => c.updatedAt.getTime())),
  ).toISOString();
  const trackingId = vexTrackingId(caseRow.id, vul.localId);
  const title = vul.title.trim() || firstLine(vul.description);
  const cwe = csafCwe(vul.cwes);
  const otherCwes = vul.cwes.map((n) => `CWE-${n}`).filter((id) => id !== cwe?.id);

  const notes: CsafNote[] = [{ category: 'description', title: 'Description', text: vul.description }];
  if (otherCwes.length) {
    notes.push({ category: 'other', title: 'Further weaknesses', text: otherCwes.join(', ') });
  }
  // CSAF 2.0 carries CVSS 3.x only (csaf.md §4): one 3.x score for the affected products (6.1.7: one per
  // version and product), and the 4.0 vector as a note.
  const scores = vul.cvss ?? [];
  const v4 = scoreOf(scores, '4.0');
  if (v4) {
    notes.push({
      category: 'other',
      title: 'CVSS v4.0',
      text: `${v4.vector} (${v4.score.toFixed(1)} ${v4.severity})`,
    });
  }
  const v3 = scoreOf(scores, '3.1') ?? scoreOf(scores, '3.0');
  notes.push(...statements);

  const productStatus: CsafVexVulnerability['product_status'] = {};
  for (const [group, ids] of Object.entries(status) as [keyof typeof status, string[]][]) {
    if (ids.length) productStatus[group] = ids;
  }

  const vulnerability: CsafVexVulnerability = {
    ...(vul.cve ? { cve: vul.cve } : {}),
    ...(cwe ? { cwe } : {}),
    ids: [{ system_name: publisher.name, text: label }],
    ...(title ? { title } : {}),
    notes,
    product_status: productStatus,
    ...(flags.length ? { flags } : {}),
    ...(threats.length ? { threats } : {}),
    ...(remediations.length ? { remediations } : {}),
  };
  const cvssV3 = v3 ? csafCvssV3(v3.vector) : null;
  if (cvssV3 && status.known_affected.length) {
    vulnerability.scores = [{ products: status.known_affected, cvss_v3: cvssV3 }];
  }
  const references = nonEmpty(
    vul.references.map((url) => ({ category: 'external' as const, url, summary: url })),
  );
  if (references) vulnerability.references = references;

  return {
    document: {
      category: 'csaf_vex',
      csaf_version: '2.0',
      lang: 'en',
      title: `VEX for ${label}${vul.cve ? ` (${vul.cve})` : ''}${title ? `: ${title}` : ''}`,
      publisher,
      ...(options.selfUrl
        ? { references: [{ category: 'self' as const, summary: 'This document', url: options.selfUrl }] }
        : {}),
      tracking: {
        id: trackingId,
        status: 'interim',
        version: '1',
        initial_release_date: date,
        current_release_date: date,
        revision_history: [{ number: '1', date, summary: `Generated from the vendor statuses of ${label}.` }],
        ...(options.engine ? { generator: { engine: options.engine } } : {}),
      },
    },
    product_tree: productTree,
    vulnerabilities: [vulnerability],
  };
}

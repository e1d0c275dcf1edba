// A case's advisory as a CSAF document (issue 12): csaf_security_advisory (or the case's chosen category)
// in CSAF 2.0 — or 2.1 on request — built from the typed model, never from stored JSON (a 2.1 security
// advisory with a vulnerability no product is affected by is a csaf_vex instead: 2.1's 6.1.27.12):
//   document   the advisory revision: title, notes (summary, details = the Markdown content, impact,
//              solution), references, acknowledgments from the credits, TLP, the publisher (the case's
//              CSAF profile, else the instance), tracking (id from the case's pattern; version = the
//              revision's number; revision_history = every revision up to it, with its creation date;
//              status draft → interim once shared → final once published)
//   product_tree  the vendors' statuses of the covered vulnerabilities (product-tree.ts), one tree for all
//              of them: the same product under the same id, a product id never reused for another product
//   vulnerabilities  per covered vulnerability: CVE, CWE (2.0: the first catalogued one as `cwe`; 2.1:
//              `cwes` with the CWE list version), the VU# id, the description note, product_status, VEX
//              flags/threats, remediations (vendor fixes from the fixed versions, the advisory's solution
//              as a mitigation, else none_available), CVSS (2.0: 3.1 in scores[].cvss_v3, 4.0 and SSVC as
//              notes — CSAF 2.0 cannot carry them; 2.1: metrics[].content with cvss_v3, cvss_v4 and ssvc_v2,
//              the SSVC decision's SelectionList 2.0.0 as the current OASIS 2.1 schema has it).
import cwe417 from '@secvisogram/csaf-validator-lib/lib/cwec/4.17.js';
import {
  type CsafAdvisoryCategory,
  type CsafTlpLabel,
  type CsafVendorOverride,
  type CsafVersion,
  type SsvcSelectionList,
  csafTrackingId,
  cvss4Record,
  vulLabel,
} from '@cvdp/core';
import { scoreCvss3 } from '@cvdp/core/cvss3/index';
import { type EntryProducts, buildProductTree } from './product-tree.ts';
import type {
  CsafBranch,
  CsafFullProductName,
  CsafNote,
  CsafProductTree,
  CsafPublisher,
  CsafReference,
  VendorStatusEntry,
} from './types.ts';
import { type CsafRemediation, type VexCvssScore, csafCwe, scoreOf, vulnerabilityStatus } from './vex.ts';

/** The CWE list version 2.1 documents name (the newest catalogue the validator knows). */
export const CSAF_CWE_VERSION = '4.17';

export interface AdvisoryRevisionData {
  revision: number;
  title: string;
  summary: string;
  content: string;
  impact: string;
  solution: string;
  references: string[];
  credits: string[];
  shared: boolean;
  published: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** An earlier revision, as the revision history shows it (an unreadable one by number and date only). */
export interface HistoryRevision {
  revision: number;
  title: string;
  createdAt: Date;
  readable: boolean;
}

export interface SsvcData {
  tableName: string;
  tableVersion: string;
  outcomeName: string;
  vector: string;
  selectionList: SsvcSelectionList;
}

export interface AdvisoryVulnerability {
  id: number;
  localId: number;
  title: string;
  description: string;
  cwes: number[];
  cve: string | null;
  references: string[];
  cvss: VexCvssScore[];
  ssvc: SsvcData | null;
  entries: VendorStatusEntry[];
}

export interface AdvisoryCsafInput {
  version: CsafVersion;
  caseId: number;
  category: CsafAdvisoryCategory;
  /** The case's TLP; null: AMBER until published, then the profile's default. */
  tlp: CsafTlpLabel | null;
  defaultTlp: CsafTlpLabel;
  trackingIdPattern: string;
  overrides: Record<string, CsafVendorOverride>;
  publisher: CsafPublisher;
  latest: AdvisoryRevisionData;
  /** Every revision up to and including the latest, oldest first. */
  history: HistoryRevision[];
  vulnerabilities: AdvisoryVulnerability[];
  /** The public page of the advisory, once published and when the instance knows its address. */
  selfUrl?: string;
}

/** Why there is no document: a covered vulnerability has no status but unknown. */
export class NoStatusError extends Error {
  constructor(readonly labels: string[]) {
    super(`no vendor status for ${labels.join(', ')}`);
    this.name = 'NoStatusError';
  }
}

type Json = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------
// CVSS as FIRST's JSON objects.

const CVSS3_JSON: Record<string, [string, Record<string, string>]> = {
  AV: ['attackVector', { N: 'NETWORK', A: 'ADJACENT_NETWORK', L: 'LOCAL', P: 'PHYSICAL' }],
  AC: ['attackComplexity', { L: 'LOW', H: 'HIGH' }],
  PR: ['privilegesRequired', { N: 'NONE', L: 'LOW', H: 'HIGH' }],
  UI: ['userInteraction', { N: 'NONE', R: 'REQUIRED' }],
  S: ['scope', { U: 'UNCHANGED', C: 'CHANGED' }],
  C: ['confidentialityImpact', { H: 'HIGH', L: 'LOW', N: 'NONE' }],
  I: ['integrityImpact', { H: 'HIGH', L: 'LOW', N: 'NONE' }],
  A: ['availabilityImpact', { H: 'HIGH', L: 'LOW', N: 'NONE' }],
  E: ['exploitCodeMaturity', { U: 'UNPROVEN', P: 'PROOF_OF_CONCEPT', F: 'FUNCTIONAL', H: 'HIGH' }],
  RL: ['remediationLevel', { O: 'OFFICIAL_FIX', T: 'TEMPORARY_FIX', W: 'WORKAROUND', U: 'UNAVAILABLE' }],
  RC: ['reportConfidence', { U: 'UNKNOWN', R: 'REASONABLE', C: 'CONFIRMED' }],
  CR: ['confidentialityRequirement', { L: 'LOW', M: 'MEDIUM', H: 'HIGH' }],
  IR: ['integrityRequirement', { L: 'LOW', M: 'MEDIUM', H: 'HIGH' }],
  AR: ['availabilityRequirement', { L: 'LOW', M: 'MEDIUM', H: 'HIGH' }],
  MAV: ['modifiedAttackVector', { N: 'NETWORK', A: 'ADJACENT_NETWORK', L: 'LOCAL', P: 'PHYSICAL' }],
  MAC: ['modifiedAttackComplexity', { L: 'LOW', H: 'HIGH' }],
  MPR: ['modifiedPrivilegesRequired', { N: 'NONE', L: 'LOW', H: 'HIGH' }],
  MUI: ['modifiedUserInteraction', { N: 'NONE', R: 'REQUIRED' }],
  MS: ['modifiedScope', { U: 'UNCHANGED', C: 'CHANGED' }],
  MC: ['modifiedConfidentialityImpact', { H: 'HIGH', L: 'LOW', N: 'NONE' }],
  MI: ['modifiedIntegrityImpact', { H: 'HIGH', L: 'LOW', N: 'NONE' }],
  MA: ['modifiedAvailabilityImpact', { H: 'HIGH', L: 'LOW', N: 'NONE' }],
};

/**
 * A CVSS 3.x vector as the full FIRST CVSS v3 JSON object CSAF's cvss_v3 is: version, vectorString, every
 * metric the vector sets by its JSON name, and the base (and, when set, temporal and environmental)
 * scores and severities, all computed here from the vector (6.1.9/6.1.10 recompute them). Null for a
 * vector that does not parse.
 */
export function cvss3Json(vector: string): Json | null {
  let scored;
  try {
    scored = scoreCvss3(vector);
  } catch {
    return null;
  }
  const json: Json = { version: scored.version, vectorString: scored.vector };
  for (const part of scored.vector.split('/').slice(1)) {
    const [key, value] = part.split(':');
    const field = CVSS3_JSON[key];
    if (field && value !== 'X' && field[1][value]) json[field[0]] = field[1][value];
  }
  json.baseScore = scored.baseScore;
  json.baseSeverity = scored.baseSeverity.toUpperCase();
  if (scored.temporalScore !== null) {
    json.temporalScore = scored.temporalScore;
    json.temporalSeverity = severity3(scored.temporalScore);
  }
  if (scored.environmentalScore !== null) {
    json.environmentalScore = scored.environmentalScore;
    json.environmentalSeverity = severity3(scored.environmentalScore);
  }
  return json;
}

const severity3 = (score: number) =>
  score >= 9 ? 'CRITICAL' : score >= 7 ? 'HIGH' : score >= 4 ? 'MEDIUM' : score >= 0.1 ? 'LOW' : 'NONE';

function cvss4Json(vector: string): Json | null {
  try {
    return cvss4Record(vector);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// One product tree for every covered vulnerability.

interface TreeProduct {
  branches: Map<string, CsafBranch>;
  whole?: CsafFullProductName;
}

/**
 * Builds each vulnerability's tree (product-tree.ts) and merges them: vendor → product name → version
 * leaves, one leaf per product id. A product id another vulnerability used for a different product (the
 * same vendor naming other products) gets a suffix, and that vulnerability's ids follow it. A product
 * known as a whole beside version leaves becomes the leaf `vers:all/*` (a branch holds a product or
 * branches, never both).
 */
function mergedProductTree(perVul: VendorStatusEntry[][]): {
  productTree: CsafProductTree;
  entries: EntryProducts[][];
} {
  const vendors = new Map<string, Map<string, TreeProduct>>();
  const names = new Map<string, string>();
  const entriesOut: EntryProducts[][] = [];
  for (const entries of perVul) {
    const built = buildProductTree(entries);
    const remap = new Map<string, string>();
    const place = (product: CsafFullProductName): CsafFullProductName => {
      let id = product.product_id;
      for (let n = 2; names.has(id) && names.get(id) !== product.name; n++) id = `${product.product_id}-${n}`;
      remap.set(product.product_id, id);
      names.set(id, product.name);
      return { ...product, product_id: id };
    };
    for (const vendorBranch of built.productTree.branches) {
      const products = vendors.get(vendorBranch.name) ?? new Map<string, TreeProduct>();
      vendors.set(vendorBranch.name, products);
      for (const productBranch of vendorBranch.branches ?? []) {
        const product = products.get(productBranch.name) ?? { branches: new Map<string, CsafBranch>() };
        products.set(productBranch.name, product);
        if (productBranch.product) {
          const placed = place(productBranch.product);
          product.whole ??= placed;
        }
        for (const leaf of productBranch.branches ?? []) {
          if (!leaf.product) continue;
          const placed = place(leaf.product);
          const key = `${leaf.category}\u0000${placed.product_id}`;
          if (!product.branches.has(key)) product.branches.set(key, { ...leaf, product: placed });
        }
      }
    }
    const mapId = (id: string) => remap.get(id) ?? id;
    entriesOut.push(
      built.entries.map((e) => ({ ...e, subject: e.subject.map(mapId), fixed: e.fixed.map(mapId) })),
    );
  }
  const branches: CsafBranch[] = [...vendors].map(([vendor, products]) => ({
    category: 'vendor',
    name: vendor,
    branches: [...products].map(([name, p]): CsafBranch => {
      if (p.branches.size === 0 && p.whole) return { category: 'product_name', name, product: p.whole };
      const leaves = [...p.branches.values()];
      if (p.whole)
        leaves.unshift({ category: 'product_version_range', name: 'vers:all/*', product: p.whole });
      return { category: 'product_name', name, branches: leaves };
    }),
  }));
  return { productTree: { branches }, entries: entriesOut };
}

/** CSAF 2.1 names a product's package URLs as a list (`purls`), 2.0 as one `purl`. */
function purlsFor21(branch: CsafBranch): void {
  const helper = branch.product?.product_identification_helper as (Json & { purl?: string }) | undefined;
  if (helper?.purl) {
    const { purl, ...rest } = helper;
    branch.product!.product_identification_helper = { ...rest, purls: [purl] } as never;
  }
  branch.branches?.forEach(purlsFor21);
}

/** The case's overrides applied to a vendor's rows (names replaced; CPE/purl only where a row has none). */
export function overridden(
  entry: VendorStatusEntry,
  overrides: Record<string, CsafVendorOverride>,
): VendorStatusEntry {
  const o = overrides[String(entry.participant)];
  if (!o) return entry;
  return {
    ...entry,
    vendor: o.vendor_name || entry.vendor,
    product: o.product_name || entry.product,
    cpe: entry.cpe || o.cpe || null,
    purl: entry.purl || o.purl || null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The document.

/** The advisory's TLP: the case's, else AMBER until published, then the profile's default. */
export const advisoryTlp = (tlp: CsafTlpLabel | null, defaultTlp: CsafTlpLabel, published: boolean) =>
  tlp ?? (published ? defaultTlp : 'AMBER');

/** The TLP label of a version: WHITE ↔ CLEAR; 2.0 has no AMBER+STRICT (AMBER, said in the text). */
function distribution(label: CsafTlpLabel, version: CsafVersion): Json {
  if (version === '2.1') {
    return { tlp: { label: label === 'WHITE' ? 'CLEAR' : label, url: 'https://www.first.org/tlp/' } };
  }
  if (label === 'AMBER+STRICT') {
    return {
      text: 'TLP:AMBER+STRICT: share only within the recipient organisation.',
      tlp: { label: 'AMBER', url: 'https://www.first.org/tlp/' },
    };
  }
  return { tlp: { label: label === 'CLEAR' ? 'WHITE' : label, url: 'https://www.first.org/tlp/' } };
}

const nonEmptyNote = (category: CsafNote['category'], title: string, text: string): CsafNote[] =>
  text.trim() ? [{ category, title, text: text.trim() }] : [];

const unique = <T>(items: T[]) => [...new Set(items)];

const firstLine = (text: string, max = 200) => {
  const line = text.trim().split('\n')[0].trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** The 2.1 `cwes` list: every CWE of the vulnerability the 4.17 catalogue knows, with its name there. */
function cwes21(ids: number[]) {
  return unique(ids).flatMap((n) => {
    const entry = cwe417.weaknesses.find((w) => w.id === `CWE-${n}`);
    return entry ? [{ id: entry.id, name: entry.name, version: CSAF_CWE_VERSION }] : [];
  });
}

/**
 * 2.1's `ssvc_v2`: the decision's SSVC SelectionList 2.0.0 (as CVDP stores it), aimed at the vulnerability
 * by the id the document gives it — its CVE, else its VU# id (6.1.47 wants one of those).
 */
function ssvcV2(ssvc: SsvcData, targetId: string): Json {
  const { schemaVersion, timestamp, selections, decision_point_resources, references } = ssvc.selectionList;
  return {
    schemaVersion,
    timestamp,
    target_ids: [targetId],
    selections,
    ...(decision_point_resources?.length ? { decision_point_resources } : {}),
    ...(references?.length ? { references } : {}),
  };
}

/**
 * Whether an SSVC decision can go into 2.1's metrics: in an interim or final document its timestamp must
 * not be later than the newest revision (6.1.49) — a decision taken after the revision was written is not
 * part of that revision's analysis, so it is said in a note instead, as 2.0 does.
 */
function ssvcFitsRevision(input: AdvisoryCsafInput, ssvc: SsvcData): boolean {
  if (!input.latest.published && !input.latest.shared) return true;
  const newest = Math.max(
    ...input.history.map((r) => r.createdAt.getTime()),
    input.latest.createdAt.getTime(),
  );
  return Date.parse(ssvc.selectionList.timestamp) <= newest;
}

function vulnerabilityJson(
  input: AdvisoryCsafInput,
  vul: AdvisoryVulnerability,
  entries: EntryProducts[],
): Json {
  const v21 = input.version === '2.1';
  const label = vulLabel(input.caseId, vul.localId);
  const { status, flags, threats, remediations, statements } = vulnerabilityStatus(entries);
  const affected = unique(status.known_affected);

  // The advisory's solution is an action for every affected product: a mitigation beside the vendors'
  // fixes. Then "no fix available" would contradict it (2.1's 6.1.35) and is left out.
  const solution = input.latest.solution.trim();
  const actions: CsafRemediation[] = solution
    ? [
        ...remediations.filter((r) => r.category !== 'none_available'),
        ...(affected.length
          ? [{ category: 'mitigation' as const, details: solution, product_ids: affected }]
          : []),
      ]
    : remediations;

  const notes: CsafNote[] = [
    { category: 'description', title: 'Description', text: vul.description.trim() || label },
  ];
  const cwe = v21 ? undefined : csafCwe(vul.cwes);
  const cweList = v21 ? cwes21(vul.cwes) : [];
  const named = new Set(v21 ? cweList.map((c) => c.id) : cwe ? [cwe.id] : []);
  const otherCwes = unique(vul.cwes.map((n) => `CWE-${n}`)).filter((id) => !named.has(id));
  if (otherCwes.length)
    notes.push({ category: 'other', title: 'Further weaknesses', text: otherCwes.join(', ') });

  const v3 = scoreOf(vul.cvss, '3.1') ?? scoreOf(vul.cvss, '3.0');
  const v4 = scoreOf(vul.cvss, '4.0');
  const cvssV3 = v3 ? cvss3Json(v3.vector) : null;
  const cvssV4 = v4 ? cvss4Json(v4.vector) : null;
  const idText = vul.cve ?? label;
  const title = vul.title.trim() || firstLine(vul.description);

  const json: Json = {
    ...(vul.cve ? { cve: vul.cve } : {}),
    ...(cwe ? { cwe } : {}),
    ...(cweList.length ? { cwes: cweList } : {}),
    ids: [{ system_name: input.publisher.name, text: label }],
    ...(title ? { title } : {}),
    notes,
  };

  const scored = affected.length > 0;
  const ssvcInMetrics = v21 && scored && vul.ssvc !== null && ssvcFitsRevision(input, vul.ssvc);
  if (v21) {
    const content: Json = {};
    if (cvssV3) content.cvss_v3 = cvssV3;
    if (cvssV4) content.cvss_v4 = cvssV4;
    if (ssvcInMetrics) content.ssvc_v2 = ssvcV2(vul.ssvc!, idText);
    if (scored && Object.keys(content).length) json.metrics = [{ products: affected, content }];
  } else if (scored && cvssV3) {
    json.scores = [{ products: affected, cvss_v3: cvssV3 }];
  }
  // What the document cannot carry structurally goes into notes.
  if (v3 && (!scored || !cvssV3)) {
    notes.push({
      category: 'other',
      title: `CVSS v${v3.version}`,
      text: `${v3.vector} (${v3.score.toFixed(1)} ${v3.severity})`,
    });
  }
  if (v4 && (!v21 || !scored)) {
    notes.push({
      category: 'other',
      title: 'CVSS v4.0',
      text: `${v4.vector} (${v4.score.toFixed(1)} ${v4.severity})`,
    });
  }
  if (vul.ssvc && !ssvcInMetrics) {
    const s = vul.ssvc;
    notes.push({
      category: 'other',
      title: 'SSVC',
      text: `${s.outcomeName} (${s.tableName} ${s.tableVersion}): ${s.vector}`,
    });
  }
  notes.push(...statements);

  const productStatus: Json = {};
  for (const [group, ids] of Object.entries(status)) if (ids.length) productStatus[group] = unique(ids);
  json.product_status = productStatus;
  if (flags.length) json.flags = flags;
  if (threats.length) json.threats = threats;
  if (actions.length) json.remediations = actions;
  const references = unique(vul.references).map((url) => ({ category: 'external', summary: url, url }));
  if (references.length) json.references = references;
  return json;
}

/** Why a 2.1 security advisory came out as csaf_vex (see buildAdvisoryCsaf). */
export const VEX_NOTE: CsafNote = {
  category: 'general',
  title: 'Document category',
  text:
    'At least one vulnerability of this advisory affects no product (its products are not affected or still ' +
    'under investigation), so this CSAF 2.1 document uses the VEX profile (csaf_vex): a CSAF 2.1 security ' +
    'advisory needs an affected product in every vulnerability.',
};

/** The CSAF document of the advisory. Throws NoStatusError when a covered vulnerability has no status. */
export function buildAdvisoryCsaf(input: AdvisoryCsafInput): Json {
  const v21 = input.version === '2.1';
  const { latest } = input;
  const perVul = input.vulnerabilities.map((v) =>
    v.entries.filter((e) => e.status !== 'unknown').map((e) => overridden(e, input.overrides)),
  );
  const empty = input.vulnerabilities.filter((_, i) => perVul[i].length === 0);
  if (empty.length) throw new NoStatusError(empty.map((v) => vulLabel(input.caseId, v.localId)));
  const { productTree, entries } = mergedProductTree(perVul);
  if (v21) productTree.branches.forEach(purlsFor21);

  const first = input.history[0] ?? { createdAt: latest.createdAt };
  const trackingId = csafTrackingId(input.trackingIdPattern, input.caseId, first.createdAt.getUTCFullYear());
  const tlp = advisoryTlp(input.tlp, input.defaultTlp, latest.published);
  const notes: CsafNote[] = [
    ...nonEmptyNote('summary', 'Summary', latest.summary),
    ...nonEmptyNote('details', 'Details', latest.content),
    ...nonEmptyNote('general', 'Impact', latest.impact),
    ...nonEmptyNote('general', 'Solution', latest.solution),
  ];
  const references: CsafReference[] = [
    ...(input.selfUrl ? [{ category: 'self' as const, summary: 'This advisory', url: input.selfUrl }] : []),
    ...unique(latest.references).map((url) => ({ category: 'external' as const, summary: url, url })),
  ];
  const credits = unique(latest.credits.map((c) => c.trim()).filter(Boolean));
  const current = new Date(Math.max(latest.updatedAt.getTime(), latest.createdAt.getTime())).toISOString();

  const vulnerabilities = input.vulnerabilities.map((v, i) => vulnerabilityJson(input, v, entries[i]));
  // CSAF 2.1's security advisory profile wants an affected product in every vulnerability (6.1.27.12: an
  // advisory tells users what to act on). What says of a vulnerability only that products are not affected
  // (or still under investigation) is a VEX statement: such a document is exported as csaf_vex, whose
  // profile it meets (27.7 product status, 27.8 ids, 27.9 an impact statement — flag or impact threat — per
  // not-affected product, 27.10 an action per affected one), and says so in a note. 2.0 has no such test.
  const category =
    v21 &&
    input.category === 'csaf_security_advisory' &&
    vulnerabilities.some((v) => !(v.product_status as { known_affected?: string[] }).known_affected)
      ? 'csaf_vex'
      : input.category;
  if (category !== input.category) notes.push(VEX_NOTE);

  const document: Json = {
    category,
    csaf_version: input.version,
    lang: 'en',
    title: latest.title,
    distribution: distribution(tlp, input.version),
    publisher: input.publisher,
    ...(notes.length ? { notes } : {}),
    ...(references.length ? { references } : {}),
    ...(credits.length ? { acknowledgments: [{ names: credits }] } : {}),
    tracking: {
      id: trackingId,
      status: latest.published ? 'final' : latest.shared ? 'interim' : 'draft',
      version: String(latest.revision),
      initial_release_date: first.createdAt.toISOString(),
      current_release_date: current,
      revision_history: input.history.map((r) => ({
        number: String(r.revision),
        date: r.createdAt.toISOString(),
        summary: r.readable ? `Revision ${r.revision}: ${r.title}` : `Revision ${r.revision}.`,
      })),
      generator: { engine: { name: 'CVDP' } },
    },
  };
  return {
    ...(v21 ? { $schema: 'https://docs.oasis-open.org/csaf/csaf/v2.1/schema/csaf.json' } : {}),
    document,
    product_tree: productTree,
    vulnerabilities,
  };
}

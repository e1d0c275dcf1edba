// A vulnerability as a CVE JSON 5.1 record (issue 12, item 5): the CNA container built from the model —
// description and title, affected products from the vendor statuses, CWEs as problem types, CVSS 4.0 / 3.1
// / 3.0 scores as cvssV4_0 / cvssV3_1 / cvssV3_0 metrics, references, the coordinator's credit and the
// timeline. Pure: the route loads the rows and validates the whole record against the 5.1 schema.
import { AFFECTED_VERSION, FIXED_VERSION, meaningOf } from '../csaf/status-mapping.ts';

export interface RecordVendorStatus {
  vendor: string;
  status: string;
  product: string;
  affectedVersions: string;
  fixedVersions: string;
  cpe: string | null;
}

export interface RecordInput {
  cveId: string | null;
  vul: { title: string; description: string; references: string[]; cwes: number[] };
  cweNames: Map<number, string>;
  cvss: { version: string; vector: string; score: number; severity: string }[];
  vendors: RecordVendorStatus[];
  coordinator: string;
  reportedAt: Date;
  /** yyyy-MM-dd of the published advisory, if any. */
  advisoryPublished: string | null;
  advisoryUrl: string | null;
  assignerOrgId?: string;
  assignerShortName?: string;
}

/** Stands in for the CNA's organisation until CVE Services fills providerMetadata and cveMetadata. */
export const PLACEHOLDER_ORG_ID = '00000000-0000-4000-8000-000000000000';
/** Stands in for the CVE id of a vulnerability that has none yet (a preview). */
export const PLACEHOLDER_CVE_ID = 'CVE-0000-0000';

const splitVersions = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((v) => v.trim())
    .filter(Boolean)
    .slice(0, 100);

/** A vendor's row as CVE JSON 5 `affected`, the statuses as status-mapping.ts says. */
function affectedOf(v: RecordVendorStatus) {
  const versions = [
    ...splitVersions(v.affectedVersions).map((version) => ({ version, status: AFFECTED_VERSION.cve })),
    ...splitVersions(v.fixedVersions).map((version) => ({ version, status: FIXED_VERSION.cve })),
  ];
  const { cveDefault } = meaningOf(v.status);
  const defaultStatus = versions.length === 0 ? cveDefault.unlisted : cveDefault.listed;
  return {
    vendor: v.vendor,
    product: v.product || v.vendor,
    ...(v.cpe ? { cpes: [v.cpe] } : {}),
    ...(versions.length ? { versions } : {}),
    defaultStatus,
  };
}

const CVSS_KEY: Record<string, string> = { '4.0': 'cvssV4_0', '3.1': 'cvssV3_1', '3.0': 'cvssV3_0' };

const dateTime = (d: string | Date) => (typeof d === 'string' ? `${d}T00:00:00.000Z` : d.toISOString());

export function buildCnaContainer(input: RecordInput): Record<string, unknown> {
  const { vul } = input;
  const metrics = input.cvss
    .filter((c) => CVSS_KEY[c.version])
    .map((c) => ({
      format: 'CVSS',
      scenarios: [{ lang: 'en', value: 'GENERAL' }],
      [CVSS_KEY[c.version]]: {
        version: c.version,
        vectorString: c.vector,
        baseScore: Number(c.score),
        baseSeverity: c.severity.toUpperCase(),
      },
    }));
  const problemTypes = vul.cwes.map((id) => ({
    descriptions: [
      {
        lang: 'en',
        type: 'CWE',
        cweId: `CWE-${id}`,
        description: input.cweNames.has(id) ? `CWE-${id} ${input.cweNames.get(id)}` : `CWE-${id}`,
      },
    ],
  }));
  const references = [
    ...(input.advisoryUrl ? [{ url: input.advisoryUrl, tags: ['third-party-advisory'] }] : []),
    ...vul.references.map((url) => ({ url })),
  ];
  const timeline = [
    { time: dateTime(input.reportedAt), lang: 'en', value: 'Reported to coordinator' },
    ...(input.advisoryPublished
      ? [{ time: dateTime(input.advisoryPublished), lang: 'en', value: 'Coordinated public disclosure' }]
      : []),
  ];
  return {
    providerMetadata: {
      orgId: input.assignerOrgId ?? PLACEHOLDER_ORG_ID,
      ...(input.assignerShortName ? { shortName: input.assignerShortName } : {}),
    },
    ...(vul.title.trim() ? { title: vul.title.trim() } : {}),
    ...(input.advisoryPublished ? { datePublic: dateTime(input.advisoryPublished) } : {}),
    descriptions: [{ lang: 'en', value: vul.description }],
    affected: input.vendors.map(affectedOf),
    ...(problemTypes.length ? { problemTypes } : {}),
    ...(metrics.length ? { metrics } : {}),
    references,
    credits: [{ lang: 'en', value: input.coordinator, type: 'coordinator' }],
    timeline,
    source: { discovery: 'EXTERNAL' },
  };
}

/** The whole record around a CNA container, with the metadata CVE Services would write. */
export function buildCveRecord(input: RecordInput): Record<string, unknown> {
  const cna = buildCnaContainer(input);
  return {
    dataType: 'CVE_RECORD',
    dataVersion: '5.1',
    cveMetadata: {
      cveId: input.cveId ?? PLACEHOLDER_CVE_ID,
      assignerOrgId: input.assignerOrgId ?? PLACEHOLDER_ORG_ID,
      ...(input.assignerShortName ? { assignerShortName: input.assignerShortName } : {}),
      state: 'PUBLISHED',
    },
    containers: { cna },
  };
}

/** What is sent to POST/PUT /cve/{id}/cna: the container without providerMetadata (the service writes it). */
export function cnaContainerToSend(record: Record<string, unknown>): Record<string, unknown> {
  const { providerMetadata: _p, ...rest } = (record.containers as { cna: Record<string, unknown> }).cna;
  return rest;
}

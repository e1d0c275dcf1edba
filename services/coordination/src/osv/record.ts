// A published advisory's vulnerabilities as OSV records (schema 1.7): one record per vulnerability with at
// least one affected product named by a purl OSV has an ecosystem for (affected.ts); a vulnerability without
// one gives none. Built from the same typed model and vendor overrides as the advisory's CSAF document.
//   id            <CVDP_OSV_PREFIX>-<case>-<the vulnerability's number in the case>, e.g. x_CVDP-12-1
//   aliases       its CVE id
//   summary       its title (else its description's first line); details: its description
//   severity      CVSS_V3 (3.1, else 3.0) and CVSS_V4 vectors, the coordinator's score first
//   affected      one entry per vendor status (affected.ts)
//   references    the public advisory page and its CSAF file (ADVISORY), the advisory's and the
//                 vulnerability's own links (WEB)
//   credits       the advisory's credits
//   database_specific  the case, the VU# label, the advisory revision, CWE ids
// `modified`, `published` and `withdrawn` are the store's (sync.ts): they say when the record changed.
import { type CsafVendorOverride, publicAdvisoryPath, vulLabel } from '@cvdp/core';
import { type AdvisoryVulnerability, overridden } from '../csaf/advisory.ts';
import { scoreOf } from '../csaf/vex.ts';
import { type OsvAffected, osvAffected } from './affected.ts';

/** The osv-schema version the records follow. */
export const OSV_SCHEMA_VERSION = '1.7.5';

export interface OsvCaseInput {
  prefix: string;
  caseId: number;
  publicUrl: string;
  /** The advisory's CSAF document as the CSAF provider publishes it. */
  csafUrl: string;
  revision: { revision: number; references: string[]; credits: string[]; summary: string };
  overrides: Record<string, CsafVendorOverride>;
  vulnerabilities: AdvisoryVulnerability[];
}

/** A record without the times the store gives it. */
export interface OsvBody {
  aliases?: string[];
  summary?: string;
  details?: string;
  severity?: { type: 'CVSS_V3' | 'CVSS_V4'; score: string }[];
  affected: OsvAffected[];
  references: { type: 'ADVISORY' | 'WEB'; url: string }[];
  credits?: { name: string }[];
  database_specific: Record<string, unknown>;
}

export const osvId = (prefix: string, caseId: number, localId: number) => `${prefix}-${caseId}-${localId}`;

const unique = <T>(items: T[]) => [...new Set(items)];
const isWebUrl = (url: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};
const firstLine = (text: string, max = 200) => {
  const line = text.trim().split('\n')[0].trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** The records of a case's published revision, by id (a vulnerability without an OSV package left out). */
export function buildOsvRecords(input: OsvCaseInput): Map<string, OsvBody> {
  const out = new Map<string, OsvBody>();
  const page = `${input.publicUrl}${publicAdvisoryPath(input.caseId)}`;
  const credits = unique(input.revision.credits.map((c) => c.trim()).filter(Boolean));
  for (const vul of input.vulnerabilities) {
    const affected = vul.entries
      .map((e) => osvAffected(overridden(e, input.overrides)))
      .filter((a): a is OsvAffected => a !== null);
    if (affected.length === 0) continue;
    const v3 = scoreOf(vul.cvss, '3.1') ?? scoreOf(vul.cvss, '3.0');
    const v4 = scoreOf(vul.cvss, '4.0');
    const severity = [
      ...(v3 ? [{ type: 'CVSS_V3' as const, score: v3.vector }] : []),
      ...(v4 ? [{ type: 'CVSS_V4' as const, score: v4.vector }] : []),
    ];
    const summary = vul.title.trim() || firstLine(vul.description);
    const details = vul.description.trim() || input.revision.summary.trim();
    const web = unique([...input.revision.references, ...vul.references].map((r) => r.trim())).filter(
      (url) => isWebUrl(url) && url !== page && url !== input.csafUrl,
    );
    out.set(osvId(input.prefix, input.caseId, vul.localId), {
      ...(vul.cve ? { aliases: [vul.cve] } : {}),
      ...(summary ? { summary } : {}),
      ...(details ? { details } : {}),
      ...(severity.length ? { severity } : {}),
      affected,
      references: [
        { type: 'ADVISORY', url: page },
        { type: 'ADVISORY', url: input.csafUrl },
        ...web.map((url) => ({ type: 'WEB' as const, url })),
      ],
      ...(credits.length ? { credits: credits.map((name) => ({ name })) } : {}),
      database_specific: {
        case: input.caseId,
        vulnerability: vulLabel(input.caseId, vul.localId),
        advisory_revision: input.revision.revision,
        ...(vul.cwes.length ? { cwe_ids: unique(vul.cwes).map((n) => `CWE-${n}`) } : {}),
      },
    });
  }
  return out;
}

export interface OsvTimes {
  published: Date;
  modified: Date;
  withdrawn: Date | null;
}

/** The record as served: the schema version, id and times first, then the body. */
export function osvJson(id: string, body: OsvBody, times: OsvTimes): string {
  const record = {
    schema_version: OSV_SCHEMA_VERSION,
    id,
    modified: times.modified.toISOString(),
    published: times.published.toISOString(),
    ...(times.withdrawn ? { withdrawn: times.withdrawn.toISOString() } : {}),
    ...body,
  };
  return `${JSON.stringify(record, null, 2)}\n`;
}

/** The body of a served record (what a rebuild is compared with). */
export function osvBodyOf(content: string): string {
  const {
    schema_version: _s,
    id: _i,
    modified: _m,
    published: _p,
    withdrawn: _w,
    ...body
  } = JSON.parse(content) as Record<string, unknown>;
  return JSON.stringify(body);
}

// A coordination case from a vulnerability (POST /api/vuls/{id}/ and POST /api/predisclosure/vuls/{id}/):
// a report built from the vulnerability is submitted to base 1 as the service account (its submission key
// makes a repeated call answer the same case), then the vulnerability is added to the case with its CVE id,
// description, CWEs and references. Base 1's refusals are passed on with their status and fields.
import { normalizeCweId, prohibitedCwesIn, reportToQuestions } from '@cvdp/core';
import type { CaseCreated } from '@cvdp/core/scoring/work';
import { HttpError } from '@cvdp/server-kit';
import type { CoordinationCall } from './coordination-client.ts';

export interface CaseSource {
  /** Idempotency: one case per source (e.g. 'scoring-vul-12'). */
  key: string;
  title: string;
  product: string;
  description: string;
  cve: string | null;
  cwes: string[];
  references: string[];
  exploited: boolean;
  published: boolean;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function refused(step: string, answer: { status: number; body: unknown }): HttpError {
  const body = (answer.body ?? {}) as { detail?: string; errors?: Record<string, string[]> };
  // A token base 1 refuses is this instance's set-up problem (409); base 1 failing is a bad gateway (502).
  const status =
    answer.status === 401 || answer.status === 403 ? 409 : answer.status >= 500 ? 502 : answer.status;
  const why =
    answer.status === 401 || answer.status === 403
      ? 'The coordination service refused the service token (it must belong to an active coordinator).'
      : (body.detail ?? `The coordination service answered ${answer.status}.`);
  return new HttpError(status, `${step}: ${why}`, body.errors);
}

/** Submits the new case's report (base 1 answers with the first case again for a repeated key). */
function submitReport(call: CoordinationCall, source: CaseSource, cwes: string[]) {
  const report = reportToQuestions({
    title: clip(source.title || source.cve || 'Vulnerability from the scoring queue', 500),
    product: clip(source.product || 'Unknown product', 500),
    notified: 'No',
    vendor_contact: 'Unknown: created from the scoring queue.',
    disclosure_plans: 'No',
    disclosure_details: '',
    cve_assignment: source.cve ?? '',
    vulnerabilities: [
      {
        description: clip(source.description || source.title || 'No description.', 50_000),
        cwes,
        showCvss: 'No',
        cvss: '',
        disclosed: source.published ? 'Yes' : 'No',
        references: clip(source.references.join('\n'), 50_000),
        active_exploitation: source.exploited ? 'Yes' : 'No',
        exploit_proof: '',
      },
    ],
  });
  const form = new FormData();
  form.append('report', JSON.stringify(report));
  form.append('submission_key', source.key);
  return call('POST', '/api/report/', { form });
}

/** The CWEs a 400 of base 1 refuses as prohibited by MITRE (its messages name each one). */
function prohibitedIn(answer: { status: number; body: unknown }): Set<string> {
  if (answer.status !== 400) return new Set();
  const errors = (answer.body as { errors?: Record<string, unknown> } | null)?.errors ?? {};
  const messages = Object.values(errors).flatMap((m) => (Array.isArray(m) ? m.map(String) : []));
  return new Set(prohibitedCwesIn(messages));
}

export async function createCaseFrom(call: CoordinationCall, source: CaseSource): Promise<CaseCreated> {
  let cwes = source.cwes.map((c) => normalizeCweId(c) ?? c).slice(0, 5);
  let submitted = await submitReport(call, source, cwes);
  // A record's CWE that MITRE prohibits (a category, such as CWE-840 in CVE-2024-42034): base 1 refuses
  // it, so the case goes in without it (and so does its vulnerability below).
  const prohibited = prohibitedIn(submitted);
  if (prohibited.size) {
    cwes = cwes.filter((c) => !prohibited.has(c));
    submitted = await submitReport(call, source, cwes);
  }
  if (submitted.status !== 201 && submitted.status !== 200) throw refused('Submitting the report', submitted);
  const caseId = (submitted.body as { case: number }).case;
  const first = submitted.status === 201;

  let vul: { id: number } | null = null;
  if (first) {
    const body = {
      title: clip(source.title, 300),
      description: clip(source.description || source.title || 'No description.', 20_000),
      cwes,
      cve: source.cve,
      references: source.references.filter((r) => /^https?:\/\//i.test(r) && r.length <= 2000).slice(0, 50),
    };
    let added = await call('POST', `/api/case/${caseId}/vuls/`, { json: body });
    // CWEs missing from base 1's catalogue: the vulnerability still goes in, without them.
    if (added.status === 400 && (added.body as { errors?: Record<string, unknown> })?.errors?.cwes)
      added = await call('POST', `/api/case/${caseId}/vuls/`, { json: { ...body, cwes: [] } });
    // A CVE id another case already holds: add it without the id rather than fail the whole case.
    if (added.status === 400 && (added.body as { errors?: Record<string, unknown> })?.errors?.cve)
      added = await call('POST', `/api/case/${caseId}/vuls/`, { json: { ...body, cve: null } });
    if (added.status !== 201) throw refused('Adding the vulnerability to the new case', added);
    vul = { id: (added.body as { id: number }).id };
  }
  return { case: { id: caseId, url: `/cvdp/cases/${caseId}` }, vul };
}

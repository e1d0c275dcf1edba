// Staff's view of a vulnerability as a CVE JSON 5.1 record: first what the record still needs, as a checklist
// the server computes with the rule behind the record's 409; the record itself is asked for only once it is
// ready (a 409 arriving anyway — something changed in between — lists the problems). A valid one is previewed
// and downloaded, and published to CVE Services once the case's advisory is published and an active CVE
// account exists — publishing again updates the record there.
import { Alert, Button } from 'react-bootstrap';
import { fieldErrors, isNotFound } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import {
  CveReadinessChecklist,
  cveErrorMessage,
  useCveReadiness,
  useCveRecord,
  usePublishCveRecord,
} from '../../cve/index.ts';

/** The record's file name: its CVE id, else the vulnerability's label (VU#12.3 → VU-12.3-cve.json). */
export const cveFileName = (cveId: string | null, label: string) =>
  cveId ? `${cveId}.json` : `${label.replace(/[^A-Za-z0-9.]+/g, '-')}-cve.json`;

function saveJson(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = window.document.createElement('a');
  link.href = url;
  link.download = fileName;
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Why Publish is not offered yet, in the words the page shows; empty when it may be. */
export function publishBlockers(r: {
  cve_id: string | null;
  advisory_published: boolean;
  account_available: boolean;
}): string[] {
  const out: string[] = [];
  if (!r.advisory_published) out.push('the case’s advisory is published');
  if (!r.account_available) out.push('an active CVE account exists');
  if (!r.cve_id) out.push('a CVE id is assigned to this vulnerability');
  return out;
}

export function CveRecordPanel({ caseId, vulId, label }: { caseId: number; vulId: number; label: string }) {
  const readiness = useCveReadiness(caseId, vulId);
  const ready = readiness.data?.ready === true;
  const record = useCveRecord(vulId, { enabled: ready });
  const publish = usePublishCveRecord(vulId);
  const data = ready ? record.data : undefined;
  const text = data ? JSON.stringify(data.record, null, 2) : '';
  const problems = Object.entries(fieldErrors(record.error));
  const blockers = data ? publishBlockers(data) : [];
  const published = data?.published_at ?? null;

  return (
    <section aria-labelledby={`vul-${vulId}-cve-title`} className="mt-4">
      <h3 id={`vul-${vulId}-cve-title`} className="h6">
        CVE record
      </h3>
      {readiness.isPending && (
        <p className="text-body-secondary small">Checking what the CVE record needs…</p>
      )}
      {!isNotFound(readiness.error) && <ErrorAlert error={readiness.error} />}
      {readiness.data && <CveReadinessChecklist readiness={readiness.data} id={`vul-${vulId}-cve-needs`} />}
      {ready && record.isPending && <p className="text-body-secondary small">Building the CVE record…</p>}
      {ready && record.error && !isNotFound(record.error) ? (
        <Alert variant="warning" className="py-2" role="alert">
          <div>{cveErrorMessage(record.error)}</div>
          {problems.length > 0 && (
            <ul className="mb-0 small text-break">
              {problems.map(([path, messages]) => (
                <li key={path}>
                  <code>{path || '/'}</code>: {messages.join('; ')}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      ) : null}
      {data && (
        <>
          <Alert variant="success" className="py-2 mb-2" role="status">
            Valid CVE JSON 5.1 record{data.cve_id ? ` for ${data.cve_id}` : ''}.
          </Alert>
          <p className="small mb-2">
            {published ? (
              <>
                <strong>Published to CVE Services</strong> on{' '}
                <time dateTime={published} title={formatDateTime(published)}>
                  {formatDate(published)}
                </time>
                .
              </>
            ) : (
              'Not published to CVE Services.'
            )}
          </p>
          <div className="d-flex flex-wrap gap-2 mb-2">
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => saveJson(text, cveFileName(data.cve_id, label))}
              aria-label={`Download the CVE record of ${label}`}
            >
              Download record
            </Button>
            <Button
              size="sm"
              disabled={blockers.length > 0 || publish.isPending}
              onClick={() => publish.mutate()}
            >
              {published ? 'Update in CVE Services' : 'Publish to CVE Services'}
            </Button>
          </div>
          {blockers.length > 0 && (
            <p className="small text-body-secondary mb-2">Publishing needs: {blockers.join('; ')}.</p>
          )}
          {publish.error ? (
            <Alert variant="danger" className="py-2" role="alert">
              Not published: {cveErrorMessage(publish.error)}
            </Alert>
          ) : null}
          {publish.data && !publish.isPending ? (
            <Alert variant="success" className="py-2" role="status">
              {publish.data.updated ? 'Updated' : 'Published'} {publish.data.cve_id} in CVE Services.
            </Alert>
          ) : null}
          <pre
            className="border rounded p-2 small overflow-auto mb-0"
            style={{ maxHeight: '24rem' }}
            tabIndex={0}
            aria-label={`CVE record of ${label}`}
          >
            {text}
          </pre>
        </>
      )}
    </section>
  );
}

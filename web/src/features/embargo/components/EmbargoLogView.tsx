// The embargo's log, as the server's hash chain verified it: "Log verified", or the first broken entry.
import { Alert, Table } from 'react-bootstrap';
import { EMBARGO_LOG_KIND_LABELS, type EmbargoLogEntry } from '@cvdp/core';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { ContrastBadge } from '../../../components/ContrastBadge.tsx';
import { useEmbargoLog } from '../api/index.ts';
import { EndTime, utcTime } from '../embargo-time.tsx';

/** What an entry says, in a line: the end, the answer, who had agreed. */
function summary(e: EmbargoLogEntry): string {
  const d = e.details;
  const names = (v: unknown) =>
    Array.isArray(v) && v.length ? (v as { name: string }[]).map((p) => p.name).join(', ') : 'none';
  const parts: string[] = [];
  if (typeof d.end === 'string') parts.push(`end ${utcTime(d.end)}`);
  if (typeof d.answer === 'string') parts.push(`${d.answer} for ${names(d.participants)}`);
  if (d.accepted)
    parts.push(
      `accepted: ${names(d.accepted)}; declined: ${names(d.declined)}; not answered: ${names(d.not_answered)}`,
    );
  for (const key of ['reason', 'comment', 'evidence'] as const) {
    if (typeof d[key] === 'string' && d[key]) parts.push(`${key}: ${d[key]}`);
  }
  return parts.join(' · ');
}

export function EmbargoLogView({ caseId }: { caseId: number }) {
  const log = useEmbargoLog(caseId);
  if (log.error) return <ErrorAlert error={log.error} />;
  if (!log.data) return <p className="small text-body-secondary">Loading the log…</p>;
  const { verified, first_broken, entries } = log.data;
  return (
    <section aria-label="Embargo log" className="mt-2">
      {verified ? (
        <p className="mb-2">
          <ContrastBadge bg="success">Log verified</ContrastBadge>{' '}
          <span className="small text-body-secondary">
            Every entry holds the hash of the one before; nothing was changed or removed.
          </span>
        </p>
      ) : (
        <Alert variant="danger" className="py-2">
          Log not verified: entry {first_broken} does not match the chain. Someone changed the record.
        </Alert>
      )}
      {entries.length === 0 ? (
        <p className="small text-body-secondary">Nothing has happened to the embargo yet.</p>
      ) : (
        <div className="table-responsive">
          <Table size="sm" className="small mb-0">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col">Who</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.seq}>
                  <td>{e.seq}</td>
                  <td className="text-nowrap">
                    <EndTime iso={e.at} />
                  </td>
                  <td>{EMBARGO_LOG_KIND_LABELS[e.kind] ?? e.kind}</td>
                  <td>{e.actor?.name ?? 'CVDP'}</td>
                  <td className="text-break">{summary(e)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}

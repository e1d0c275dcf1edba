// The embargo's log, as the server's hash chain verified it: "Log verified", or the first broken entry.
import { Alert } from 'react-bootstrap';
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
        // A list, not a table: each entry reads whole at 390 px too.
        <ol className="list-unstyled small mb-0" aria-label="Embargo log entries">
          {entries.map((e) => (
            <li key={e.seq} className="border-top py-1 text-break">
              <strong>
                #{e.seq} {EMBARGO_LOG_KIND_LABELS[e.kind] ?? e.kind}
              </strong>{' '}
              by {e.actor?.name ?? 'CVDP'} · <EndTime iso={e.at} />
              {summary(e) && <div>{summary(e)}</div>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

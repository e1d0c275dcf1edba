// What a change did, readably: for an edit the fields whose value changed (before, then after), for a creation
// the values it was made with, for a removal the values it had. Long texts (a template's body) are clipped
// and can be opened whole.
import { Fragment } from 'react';

type Values = Record<string, unknown>;
const isValues = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);
const CLIP = 160;

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return value.join(', ') || '(none)';
  return JSON.stringify(value);
}

/** A value, clipped when long (the whole text one click away). */
function Value({ value }: { value: unknown }) {
  const text = show(value);
  const style = { whiteSpace: 'pre-wrap' } as const;
  if (text.length <= CLIP) return <span style={style}>{text}</span>;
  return (
    <details>
      <summary style={style}>{`${text.slice(0, CLIP)}…`}</summary>
      <span style={style}>{text}</span>
    </details>
  );
}

const label = (key: string) => key.replaceAll('_', ' ');

export function Changes({ before, after }: { before: unknown; after: unknown }) {
  if (before == null && after == null) return <span className="text-muted">—</span>;
  const b = isValues(before) ? before : before == null ? null : { value: before };
  const a = isValues(after) ? after : after == null ? null : { value: after };
  const keys = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])];
  const changed = b && a ? keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k])) : keys;
  if (changed.length === 0) return <span className="text-muted">No field changed</span>;
  const heading = !b ? 'Created with' : !a ? 'Removed; it had' : null;
  return (
    <div className="small">
      {heading ? <div className="text-muted">{heading}</div> : null}
      <dl className="mb-0 audit-change-list">
        {changed.map((k) => (
          <Fragment key={k}>
            <dt className="fw-semibold">{label(k)}</dt>
            <dd className="mb-1 text-break">
              {b && a ? (
                <>
                  <div className="text-body-secondary">
                    <span className="badge text-bg-light border">before</span> <Value value={b[k]} />
                  </div>
                  <div>
                    <span className="badge text-bg-light border">after</span> <Value value={a[k]} />
                  </div>
                </>
              ) : (
                <Value value={(a ?? b)![k]} />
              )}
            </dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}

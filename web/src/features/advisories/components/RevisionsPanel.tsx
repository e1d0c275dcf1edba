// The advisory's revisions (every one kept) and the line diff of any two, field by field.
import { useState } from 'react';
import { Form, Table } from 'react-bootstrap';
import type { AdvisoryRevision } from '@cvdp/core';
import { formatDateTime } from '../../../lib/format.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useAdvisoryDiff } from '../api/index.ts';

export function RevisionsPanel({ caseId, revisions }: { caseId: number; revisions: AdvisoryRevision[] }) {
  const newest = revisions[0]?.revision ?? 1;
  const [from, setFrom] = useState(Math.max(1, newest - 1));
  const [to, setTo] = useState(newest);
  const canDiff = revisions.length > 1 && from !== to;
  const diff = useAdvisoryDiff(caseId, from, to, canDiff);
  const numbers = revisions.map((r) => r.revision);
  return (
    <section aria-labelledby="advisory-revisions-title" className="mt-4">
      <h3 id="advisory-revisions-title" className="h6">
        Revisions
      </h3>
      <div className="table-responsive">
        <Table size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Revision</th>
              <th scope="col">Title</th>
              <th scope="col">Saved</th>
              <th scope="col">Shared</th>
              <th scope="col">Published</th>
            </tr>
          </thead>
          <tbody>
            {revisions.map((r) => (
              <tr key={r.id}>
                <td>{r.revision}</td>
                <td className="text-break" style={{ minWidth: '9rem' }}>
                  {r.title}
                </td>
                <td className="text-nowrap">
                  {formatDateTime(r.created)}
                  {r.created_by ? ` · ${r.created_by.name}` : ''}
                </td>
                <td className="text-nowrap">{r.date_shared ?? '—'}</td>
                <td className="text-nowrap">{r.date_published ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {revisions.length > 1 && (
        <>
          <div className="d-flex flex-wrap gap-2 align-items-end mb-2">
            <Form.Group controlId="advisory-diff-from">
              <Form.Label className="small mb-0">Compare revision</Form.Label>
              <Form.Select size="sm" value={from} onChange={(e) => setFrom(Number(e.target.value))}>
                {numbers.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group controlId="advisory-diff-to">
              <Form.Label className="small mb-0">with revision</Form.Label>
              <Form.Select size="sm" value={to} onChange={(e) => setTo(Number(e.target.value))}>
                {numbers.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </div>
          {diff.error ? <ErrorAlert error={diff.error} prefix="An error occurred: " /> : null}
          {diff.data && (
            <div aria-label={`Changes from revision ${from} to ${to}`} role="region">
              {diff.data.fields.filter((f) => f.changed).length === 0 ? (
                <p className="text-body-secondary small">No changes.</p>
              ) : (
                diff.data.fields
                  .filter((f) => f.changed)
                  .map((f) => (
                    <div key={f.field} className="mb-2">
                      <div className="small fw-semibold text-capitalize">{f.field}</div>
                      <pre className="border rounded p-2 small mb-0 overflow-auto" tabIndex={0}>
                        {f.patch.split('\n').map((line, i) => (
                          <span
                            key={i}
                            className={
                              line.startsWith('+') && !line.startsWith('+++')
                                ? 'd-block bg-success-subtle'
                                : line.startsWith('-') && !line.startsWith('---')
                                  ? 'd-block bg-danger-subtle'
                                  : 'd-block'
                            }
                          >
                            {line || ' '}
                          </span>
                        ))}
                      </pre>
                    </div>
                  ))
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}

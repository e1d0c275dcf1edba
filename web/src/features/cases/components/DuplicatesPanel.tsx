// A report in triage: its likely duplicates (cases the caller may see, CVE records), best first, each with
// why; "Merge into case #N" attaches the report there and closes this case as a duplicate, after asking.
import { useState } from 'react';
import { Badge, Button, ListGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import { DUPLICATE_REASON_LABELS, type DuplicateSuggestion } from '@cvdp/core';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCaseDuplicates, useMergeReport } from '../api/index.ts';

const nameOf = (s: DuplicateSuggestion) => (s.kind === 'case' ? `Case #${s.case}` : s.cve_id);

export function DuplicatesPanel({ caseId, canMerge }: { caseId: number; canMerge: boolean }) {
  const duplicates = useCaseDuplicates(caseId);
  const merge = useMergeReport(caseId);
  const [into, setInto] = useState<number | null>(null);
  const results = duplicates.data?.results ?? [];
  return (
    <section aria-labelledby="duplicates-title" className="mb-4">
      <h3 id="duplicates-title" className="h6">
        Likely duplicates
      </h3>
      <ErrorAlert error={duplicates.error} prefix="An error occurred: " />
      {duplicates.data && results.length === 0 && (
        <p className="text-body-secondary small">No likely duplicates among the cases and CVE records.</p>
      )}
      {results.length > 0 && (
        <ListGroup as="ul" aria-label="Likely duplicates">
          {results.map((s) => (
            <ListGroup.Item as="li" key={nameOf(s)} className="d-flex flex-wrap gap-2 align-items-center">
              <div className="me-auto text-break">
                {s.kind === 'case' ? (
                  <Link to={`/cvdp/cases/${s.case}`}>{nameOf(s)}</Link>
                ) : (
                  <span className="fw-semibold">{nameOf(s)}</span>
                )}{' '}
                {s.title}
                {s.status_label && <span className="text-body-secondary small"> · {s.status_label}</span>}
                <div className="d-flex flex-wrap gap-1 mt-1">
                  {s.reasons.map((r) => (
                    <Badge key={r} bg="secondary-subtle" text="body" className="fw-normal">
                      {DUPLICATE_REASON_LABELS[r]}
                    </Badge>
                  ))}
                  <span className="small text-body-secondary">
                    similarity {Math.round(s.similarity * 100)} %
                  </span>
                </div>
              </div>
              {canMerge && s.kind === 'case' && (
                <Button size="sm" variant="outline-primary" onClick={() => setInto(s.case)}>
                  Merge into case #{s.case}
                </Button>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {into !== null && (
        <ConfirmDialog
          title={`Merge this report into case #${into}?`}
          confirmLabel="Merge"
          variant="primary"
          busy={merge.isPending}
          error={merge.error}
          onCancel={() => setInto(null)}
          onConfirm={() =>
            merge.mutate(
              { into },
              {
                onSuccess: () => {
                  setInto(null);
                  toast(`Report merged into case #${into}; the reporter was told.`);
                },
              },
            )
          }
        >
          <p className="mb-0">
            The report is attached to case #{into}, this case is closed as a duplicate and the reporter is
            told. Nothing is removed from either case.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

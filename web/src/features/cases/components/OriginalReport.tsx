// The report as first submitted, for coordinators (the server refuses everyone else), shown as what the
// edits changed: each answer unchanged, changed (old → new), added or removed; vulnerabilities entry by entry.
import { Card } from 'react-bootstrap';
import type { ReportQuestionList } from '@cvdp/core';
import { formatDate } from '../../../lib/format.ts';
import { type BadgeVariant, ContrastBadge } from '../../../components/ContrastBadge.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { useOriginalReport } from '../api/index.ts';
import { type AnswerChange, type ChangeKind, type PlainAnswer, diffReports } from '../diff/report-diff.ts';

const KIND: Record<ChangeKind, { label: string; variant: BadgeVariant }> = {
  unchanged: { label: 'Unchanged', variant: 'light' },
  changed: { label: 'Changed', variant: 'warning' },
  added: { label: 'Added', variant: 'success' },
  removed: { label: 'Removed', variant: 'danger' },
};

export function ChangeBadge({ kind }: { kind: ChangeKind }) {
  return <ContrastBadge bg={KIND[kind].variant}>{KIND[kind].label}</ContrastBadge>;
}

const text = (answer: PlainAnswer | undefined) =>
  Array.isArray(answer) ? answer.join(', ') : (answer ?? '');

function AnswerValue({ answer, as }: { answer: PlainAnswer | undefined; as: 'del' | 'ins' | 'span' }) {
  const Tag = as;
  return (
    <Tag className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
      {text(answer)}
    </Tag>
  );
}

function Changes({ changes }: { changes: AnswerChange[] }) {
  return (
    <dl className="mb-0">
      {changes.map((c) => (
        <div key={c.question} className="mb-2" data-change={c.kind}>
          <dt className="d-flex flex-wrap gap-2 align-items-center">
            {c.question} <ChangeBadge kind={c.kind} />
          </dt>
          <dd className="mb-0">
            {c.kind === 'unchanged' && <AnswerValue answer={c.after} as="span" />}
            {c.kind === 'added' && <AnswerValue answer={c.after} as="ins" />}
            {c.kind === 'removed' && <AnswerValue answer={c.before} as="del" />}
            {c.kind === 'changed' && (
              <>
                <AnswerValue answer={c.before} as="del" /> <span aria-label="changed to">→</span>{' '}
                <AnswerValue answer={c.after} as="ins" />
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ReportDiffView({
  original,
  edited,
}: {
  original: ReportQuestionList;
  edited: ReportQuestionList;
}) {
  const diff = diffReports(original, edited);
  return (
    <div role="group" aria-label="Changes since the original report">
      {diff.identical && <p>The edited report has the same answers as the original.</p>}
      <Changes changes={diff.answers} />
      {diff.vulnerabilities.map((v) => (
        <Card key={v.index} className="mt-3">
          <Card.Header as="h3" className="h6 d-flex flex-wrap gap-2 align-items-center">
            Vulnerability {v.index} <ChangeBadge kind={v.kind} />
          </Card.Header>
          <Card.Body>
            <Changes changes={v.answers} />
          </Card.Body>
        </Card>
      ))}
    </div>
  );
}

export function OriginalReport({ caseId, edited }: { caseId: number; edited: ReportQuestionList }) {
  const original = useOriginalReport(caseId);
  return (
    <section
      className="mt-4 border-start border-warning border-3 ps-3"
      aria-labelledby="original-report-title"
    >
      <h2 id="original-report-title" className="h5">
        Original report: what changed
      </h2>
      <ErrorAlert error={original.error} prefix="An error occurred: " />
      {original.isPending && <PageSpinner label="Loading the original report…" />}
      {original.data && (
        <>
          <p className="text-body-secondary small">
            Submitted {formatDate(original.data.created)}
            {original.data.submitted_by && ` by ${original.data.submitted_by.name}`}
            {original.data.edits.length > 0 &&
              `; edited ${original.data.edits.length} time${original.data.edits.length === 1 ? '' : 's'} since`}
            . Struck-through text is the original answer, underlined text the edited one.
          </p>
          <ReportDiffView original={original.data.report} edited={edited} />
        </>
      )}
    </section>
  );
}

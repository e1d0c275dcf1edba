// The case's Advisory tab: the latest revision (the server's rendering of its Markdown), Share and Publish
// (the page sends today's date, yyyy-MM-dd), writing a new revision, the revisions with the diff of any two,
// vendors' approvals (staff ask every vendor; a vendor's member approves or asks for changes with a comment),
// the CSAF document (2.0 or 2.1) the server validates before serving it, and for staff the import of a CSAF
// file as a new revision and the case's CSAF settings.
import { useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { format } from 'date-fns';
import type { AdvisoryRevision } from '@cvdp/core';
import { publicAdvisoryPath } from '@cvdp/core';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { useCaseCallerMetadata } from '../../../lib/case-caller-metadata.ts';
import { usePatchLatest, useRevisions } from '../api/index.ts';
import { AdvisoryEditor } from './AdvisoryEditor.tsx';
import { ApprovalsPanel } from './ApprovalsPanel.tsx';
import { CsafPanel } from './CsafPanel.tsx';
import { CsafSettingsPanel } from './CsafSettingsPanel.tsx';
import { CsafUploadPanel } from './CsafUploadPanel.tsx';
import { RevisionsPanel } from './RevisionsPanel.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { SchedulePanel } from './SchedulePanel.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';

export const NO_ADVISORY_TEXT = 'No advisory yet.';
export const NOT_SHARED_TEXT = 'No advisory has been shared with you yet.';

const today = () => format(new Date(), 'yyyy-MM-dd');

export function AdvisoryTab({ caseId }: { caseId: number }) {
  const metadata = useCaseCallerMetadata(caseId);
  const staff = metadata.data?.staff ?? false;
  const revisions = useRevisions(caseId);
  const [editing, setEditing] = useState(false);
  const list = [...(revisions.data ?? [])].sort((a, b) => b.revision - a.revision);
  const latest = list[0];

  return (
    <section aria-labelledby="case-advisory-title">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <h2 id="case-advisory-title" className="h5 mb-0 me-auto">
          Advisory
        </h2>
        {staff && !editing && (
          <Button size="sm" onClick={() => setEditing(true)}>
            {latest ? 'New revision' : 'Write the advisory'}
          </Button>
        )}
      </div>
      {revisions.error ? <ErrorAlert error={revisions.error} prefix="An error occurred: " /> : null}
      {revisions.isPending ? <PageSpinner label="Loading the advisory…" /> : null}
      {editing ? (
        <AdvisoryEditor caseId={caseId} from={latest} onDone={() => setEditing(false)} />
      ) : revisions.isSuccess && !latest ? (
        <p className="text-body-secondary">{staff ? NO_ADVISORY_TEXT : NOT_SHARED_TEXT}</p>
      ) : latest ? (
        <>
          <LatestRevision caseId={caseId} latest={latest} staff={staff} />
          {staff ? <SchedulePanel caseId={caseId} published={latest.published} /> : null}
          <ApprovalsPanel caseId={caseId} staff={staff} latest={latest} />
          <CsafPanel caseId={caseId} />
          <RevisionsPanel caseId={caseId} revisions={list} />
        </>
      ) : null}
      {staff && !editing && revisions.isSuccess ? (
        <>
          <CsafUploadPanel caseId={caseId} />
          <CsafSettingsPanel caseId={caseId} />
        </>
      ) : null}
    </section>
  );
}

function LatestRevision({
  caseId,
  latest,
  staff,
}: {
  caseId: number;
  latest: AdvisoryRevision;
  staff: boolean;
}) {
  const change = usePatchLatest(caseId);
  const [confirming, setConfirming] = useState<'share' | 'publish' | null>(null);
  return (
    <article className="card mb-3" aria-labelledby="advisory-latest-title">
      <div className="card-body">
        <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
          <h3 id="advisory-latest-title" className="h5 mb-0 me-auto text-break">
            {latest.title}
          </h3>
          <Badge bg="secondary">Revision {latest.revision}</Badge>
          {latest.shared && latest.date_shared ? (
            <Badge bg="info" text="dark">
              Shared {latest.date_shared}
            </Badge>
          ) : (
            <Badge bg="light" text="dark" className="border">
              Not shared
            </Badge>
          )}
          {latest.published && latest.date_published ? (
            <Badge bg="success">Published {latest.date_published}</Badge>
          ) : (
            <Badge bg="light" text="dark" className="border">
              Not published
            </Badge>
          )}
        </div>
        {staff && (
          <div className="d-flex flex-wrap gap-2 mb-2">
            <Button
              size="sm"
              variant="outline-primary"
              disabled={change.isPending || latest.shared}
              onClick={() => setConfirming('share')}
            >
              Share
            </Button>
            <Button
              size="sm"
              variant="outline-success"
              disabled={change.isPending || latest.published}
              onClick={() => setConfirming('publish')}
            >
              Publish
            </Button>
            {latest.published && (
              <a className="btn btn-sm btn-link" href={publicAdvisoryPath(caseId)}>
                Public page
              </a>
            )}
          </div>
        )}
        {confirming === 'share' ? (
          <ConfirmDialog
            title="Share the advisory?"
            confirmLabel="Share"
            variant="primary"
            busy={change.isPending}
            error={change.error}
            onConfirm={() =>
              change.mutate(
                { date_shared: today() },
                {
                  onSuccess: () => {
                    toast('Advisory shared.');
                    setConfirming(null);
                  },
                },
              )
            }
            onCancel={() => {
              change.reset();
              setConfirming(null);
            }}
          >
            <p className="mb-0">Every participant of the case can then read revision {latest.revision}.</p>
          </ConfirmDialog>
        ) : null}
        {confirming === 'publish' ? (
          <PublishDialog caseId={caseId} onClose={() => setConfirming(null)} />
        ) : null}
        <p className="small text-body-secondary mb-2">
          Saved {formatDateTime(latest.created)}
          {latest.created_by ? ` by ${latest.created_by.name}` : ''}
        </p>
        {latest.summary && <p className="text-break">{latest.summary}</p>}
        {/* The server's sanitised rendering of the Markdown. */}
        <div className="post-body text-break" dangerouslySetInnerHTML={{ __html: latest.html }} />
        {latest.impact && (
          <>
            <h4 className="h6 mt-3">Impact</h4>
            <p className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
              {latest.impact}
            </p>
          </>
        )}
        {latest.solution && (
          <>
            <h4 className="h6 mt-3">Solution</h4>
            <p className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
              {latest.solution}
            </p>
          </>
        )}
        {latest.references.length > 0 && (
          <>
            <h4 className="h6 mt-3">References</h4>
            <ul className="text-break">
              {latest.references.map((r) => (
                <li key={r}>
                  <a href={r} rel="noreferrer noopener" target="_blank">
                    {r}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
        {latest.credits.length > 0 && (
          <>
            <h4 className="h6 mt-3">Credits</h4>
            <ul className="text-break">
              {latest.credits.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </article>
  );
}

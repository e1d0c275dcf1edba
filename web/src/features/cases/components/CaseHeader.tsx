// The case page's header: title, status, owners, dates, tags, and the actions the caller may take (from the
// permissions of GET /api/case/{id}/metadata/; the server still checks every call).
import { Suspense, lazy, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { CASE_STATUS, type CaseDetail, type CasePermissions } from '@cvdp/core';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { ContrastBadge } from '../../../components/ContrastBadge.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { EmbargoCard } from '../../embargo/index.ts';
import { useCaseRelation, useSetCaseMuted, useUpdateCase } from '../api/index.ts';
import { caseStatus } from '../case-status.ts';

// The dialogs load when opened: their forms (react-hook-form, zod, the people picker) are most of what a
// case page would otherwise fetch before it shows (bench/thread-view.bench.ts).
const AssignModal = lazy(() => import('./AssignModal.tsx').then((m) => ({ default: m.AssignModal })));
const CloseCaseModal = lazy(() =>
  import('./CloseCaseModal.tsx').then((m) => ({ default: m.CloseCaseModal })),
);
const EditCaseModal = lazy(() => import('./EditCaseModal.tsx').then((m) => ({ default: m.EditCaseModal })));
const TransferModal = lazy(() => import('./TransferModal.tsx').then((m) => ({ default: m.TransferModal })));

type Dialog = 'close' | 'edit' | 'assign' | 'transfer' | null;

function MuteToggle({ caseId }: { caseId: number }) {
  const relation = useCaseRelation(caseId);
  const mute = useSetCaseMuted(caseId);
  if (!relation.data) return null;
  return (
    <>
      <Form.Check
        type="switch"
        id={`case-${caseId}-muted`}
        label="Mute notifications"
        checked={relation.data.muted}
        disabled={mute.isPending}
        onChange={(e) =>
          mute.mutate(e.target.checked, {
            onSuccess: (_r, muted) =>
              toast(muted ? 'Notifications of this case muted.' : 'Notifications of this case on again.'),
          })
        }
      />
      <ErrorAlert error={mute.error} />
    </>
  );
}

export function CaseHeader({ c, permissions }: { c: CaseDetail; permissions: CasePermissions | null }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const change = useUpdateCase(c.id);
  const status = caseStatus(c.status);
  const canChangeStatus = permissions?.change_status ?? false;
  const close = () => setDialog(null);

  return (
    <header className="mb-3">
      <h1 className="h3 text-break">{c.title}</h1>
      <p className="text-body-secondary mb-1">
        Case #{c.id} · <ContrastBadge bg={status.variant}>{status.label}</ContrastBadge>
        {c.resolution && ` · ${c.resolution.name}`}
        {c.owners.length > 0 &&
          ` · Owner${c.owners.length === 1 ? '' : 's'} ${c.owners.map((o) => o.name).join(', ')}`}
      </p>
      <p className="text-body-secondary small mb-1">
        Created {formatDate(c.created)} · Updated {formatDate(c.updated)}
        {c.due_date && ` · Due ${c.due_date}`}
        {c.public_date && ` · Public ${c.public_date}`}
      </p>
      {c.tags.length > 0 && (
        <p className="d-flex flex-wrap gap-1 mb-1" aria-label="Tags">
          {c.tags.map((t) => (
            <ContrastBadge key={t} bg="light">
              {t}
            </ContrastBadge>
          ))}
        </p>
      )}
      {c.summary && (
        <p className="mb-2 text-break" style={{ whiteSpace: 'pre-wrap' }}>
          {c.summary}
        </p>
      )}
      <EmbargoCard caseId={c.id} />
      <ErrorAlert error={change.error} />
      <div className="d-flex flex-wrap gap-2 align-items-center">
        {canChangeStatus && c.status === CASE_STATUS.PENDING && (
          <Button
            size="sm"
            disabled={change.isPending}
            onClick={() => change.mutate({ status: 1 }, { onSuccess: () => toast('Case activated.') })}
          >
            Activate
          </Button>
        )}
        {canChangeStatus && c.status !== CASE_STATUS.CLOSED && (
          <Button size="sm" variant="outline-danger" onClick={() => setDialog('close')}>
            Close
          </Button>
        )}
        {canChangeStatus && c.status === CASE_STATUS.CLOSED && (
          <Button
            size="sm"
            disabled={change.isPending}
            onClick={() => change.mutate({ status: 1 }, { onSuccess: () => toast('Case reopened.') })}
          >
            Reopen
          </Button>
        )}
        {permissions?.assign && (
          <Button size="sm" variant="outline-primary" onClick={() => setDialog('assign')}>
            Assign
          </Button>
        )}
        {permissions?.edit_case && (
          <Button size="sm" variant="outline-primary" onClick={() => setDialog('edit')}>
            Edit case
          </Button>
        )}
        {permissions?.edit_case && (
          <Button size="sm" variant="outline-primary" onClick={() => setDialog('transfer')}>
            Transfer
          </Button>
        )}
        <MuteToggle caseId={c.id} />
      </div>
      <Suspense fallback={null}>
        {dialog === 'close' && <CloseCaseModal caseId={c.id} onHide={close} />}
        {dialog === 'edit' && <EditCaseModal c={c} onHide={close} />}
        {dialog === 'assign' && <AssignModal caseId={c.id} onHide={close} />}
        {dialog === 'transfer' && <TransferModal caseId={c.id} onHide={close} />}
      </Suspense>
    </header>
  );
}

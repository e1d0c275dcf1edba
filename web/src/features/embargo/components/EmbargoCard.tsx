// The embargo card of the case header: its state, the end in the viewer's time and in UTC with a countdown,
// who agreed, the open proposal with every vendor's answer — and the caller's actions: staff propose,
// decide and end; a vendor accepts, declines or asks for an extension; any participant reports a breach.
import { Suspense, lazy, useState } from 'react';
import { Button } from 'react-bootstrap';
import {
  EMBARGO_EXITED,
  EMBARGO_STATE_LABELS,
  type EmbargoProposalView,
  type EmbargoState,
  type EmbargoView,
} from '@cvdp/core';
import { type BadgeVariant, ContrastBadge } from '../../../components/ContrastBadge.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { toast } from '../../../lib/toast.ts';
import { useAnswerEmbargoProposal, useEmbargo, useEmbargoLog } from '../api/index.ts';
import { EndTime, countdown, useNow } from '../embargo-time.tsx';

// The dialogs load when opened: their forms (react-hook-form, zod and the embargo schemas) would otherwise load
// with every case page, the thread view included (bench/thread-view.bench.ts).
const ProposeModal = lazy(() => import('./EmbargoModals.tsx').then((m) => ({ default: m.ProposeModal })));
const ExitModal = lazy(() => import('./EmbargoModals.tsx').then((m) => ({ default: m.ExitModal })));
const BreachModal = lazy(() => import('./EmbargoModals.tsx').then((m) => ({ default: m.BreachModal })));

const EmbargoLogView = lazy(() =>
  import('./EmbargoLogView.tsx').then((m) => ({ default: m.EmbargoLogView })),
);

const STATE_VARIANT: Record<EmbargoState, BadgeVariant> = {
  none: 'secondary',
  proposed: 'info',
  active: 'warning',
  revising: 'info',
  exited: 'secondary',
};

const EXIT_LABELS = { ended: 'ended on its date', ended_early: 'ended early', broken: 'broken' } as const;

const ANSWER_LABELS = { accept: 'accepted', decline: 'declined', none: 'not answered' } as const;

function Answers({ p }: { p: EmbargoProposalView }) {
  return (
    <ul className="list-unstyled small mb-1" aria-label={`Answers to proposal ${p.id}`}>
      {p.answers.map((a) => (
        <li key={a.participant.id}>
          {a.participant.name}: <strong>{ANSWER_LABELS[a.answer]}</strong>
          {a.answered_by && ` (${a.answered_by.name})`}
          {a.comment && ` — ${a.comment}`}
        </li>
      ))}
    </ul>
  );
}

function OpenProposal({
  p,
  answer,
}: {
  p: EmbargoProposalView;
  /** Owned by the card: a decision closes the proposal (this part goes) before its toast is shown. */
  answer: ReturnType<typeof useAnswerEmbargoProposal>;
}) {
  const send = (value: 'accept' | 'decline', done: string) =>
    answer.mutate({ id: p.id, answer: value, comment: '' }, { onSuccess: () => toast(done) });
  return (
    <div className="border-top pt-2 mt-2">
      <p className="mb-1">
        {p.proposed_for
          ? `${p.proposed_for.name} asks`
          : `${p.proposed_by?.name ?? 'A coordinator'} proposes`}{' '}
        {p.kind === 'start' ? 'an embargo until' : 'a new end:'} <EndTime iso={p.end} />
      </p>
      {p.reason && <p className="small mb-1 text-break">Reason: {p.reason}</p>}
      <Answers p={p} />
      <ErrorAlert error={answer.error} />
      <div className="d-flex flex-wrap gap-2">
        {p.can_answer && (
          <>
            <Button
              size="sm"
              disabled={answer.isPending}
              onClick={() => send('accept', 'You accepted the proposed end.')}
            >
              Accept end
            </Button>
            <Button
              size="sm"
              variant="outline-danger"
              disabled={answer.isPending}
              onClick={() => send('decline', 'You declined the proposed end.')}
            >
              Decline end
            </Button>
          </>
        )}
        {p.can_decide && (
          <>
            <Button
              size="sm"
              disabled={answer.isPending}
              onClick={() => send('accept', 'The proposed end is now in effect. Everyone was told.')}
            >
              Put proposal into effect
            </Button>
            <Button
              size="sm"
              variant="outline-danger"
              disabled={answer.isPending}
              onClick={() => send('decline', 'The proposal was declined. Everyone was told.')}
            >
              Decline proposal
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

/** Who agreed to the end in force: the answers to the proposal that set it. */
function Agreed({ e }: { e: EmbargoView }) {
  const agreed = e.history.find((p) => p.status === 'accepted');
  if (!agreed) return null;
  const names = (which: 'accept' | 'decline' | 'none') =>
    agreed.answers.filter((a) => a.answer === which).map((a) => a.participant.name);
  const accepted = names('accept');
  const declined = names('decline');
  const silent = names('none');
  return (
    <p className="small mb-1">
      Agreed {agreed.decided_by && `by ${agreed.decided_by.name}`}
      {accepted.length > 0 && ` · accepted: ${accepted.join(', ')}`}
      {declined.length > 0 && ` · declined: ${declined.join(', ')}`}
      {silent.length > 0 && ` · not answered: ${silent.join(', ')}`}
    </p>
  );
}

type Dialog = 'propose' | 'exit' | 'breach' | null;

export function EmbargoCard({ caseId }: { caseId: number }) {
  const embargo = useEmbargo(caseId);
  const answer = useAnswerEmbargoProposal(caseId);
  const now = useNow();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [showLog, setShowLog] = useState(false);
  // The chain's verdict shows on the card whenever there is a log to verify.
  const log = useEmbargoLog(caseId, (embargo.data?.history.length ?? 0) > 0);
  if (embargo.error) return <ErrorAlert error={embargo.error} />;
  const e = embargo.data;
  if (!e) return null;
  const staff = e.can_exit || (e.state === 'none' && e.can_propose) || e.open_proposal?.can_decide === true;
  const close = () => setDialog(null);
  return (
    // Bootstrap's card markup written out: react-bootstrap's Card shares a chunk with the sign-in page's
    // passkey code and InputGroup, which brought Popper and the people picker into every case page.
    <section className="card mb-2" aria-labelledby={`embargo-${caseId}-title`}>
      <div className="card-body py-2">
        <h2 id={`embargo-${caseId}-title`} className="h6 mb-1">
          Embargo <ContrastBadge bg={STATE_VARIANT[e.state]}>{EMBARGO_STATE_LABELS[e.state]}</ContrastBadge>
        </h2>
        {e.end && (
          <p className="mb-1">
            {e.state === 'exited' ? 'Ended' : 'Ends'} <EndTime iso={e.exited ?? e.end} />
            {e.state !== 'exited' && <strong> · {countdown(e.end, now)}</strong>}
          </p>
        )}
        {e.state === 'exited' && e.exit_kind && (
          <p className="mb-1 small">
            The embargo {EXIT_LABELS[e.exit_kind]}
            {e.exit_reason && `: ${e.exit_reason}`}
          </p>
        )}
        {/* Exited is final (one embargo per case): say so rather than leave a propose button missing. */}
        {e.state === 'exited' && <p className="mb-1 small">{EMBARGO_EXITED}</p>}
        {e.state === 'none' && !e.open_proposal && <p className="mb-1 small">No embargo has been agreed.</p>}
        <Agreed e={e} />
        {e.open_proposal && <OpenProposal p={e.open_proposal} answer={answer} />}
        <div className="d-flex flex-wrap gap-2 mt-2">
          {e.can_propose && (
            <Button size="sm" variant="outline-primary" onClick={() => setDialog('propose')}>
              {e.state === 'none' ? 'Propose embargo' : staff ? 'Propose new end' : 'Request extension'}
            </Button>
          )}
          {e.can_exit && (
            <Button size="sm" variant="outline-danger" onClick={() => setDialog('exit')}>
              End embargo early
            </Button>
          )}
          {e.can_report_breach && (
            <Button size="sm" variant="outline-danger" onClick={() => setDialog('breach')}>
              Report breach
            </Button>
          )}
          {log.data && (
            <ContrastBadge bg={log.data.verified ? 'success' : 'danger'}>
              {log.data.verified ? 'Log verified' : `Log broken at entry ${log.data.first_broken}`}
            </ContrastBadge>
          )}
          <Button size="sm" variant="link" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
            {showLog ? 'Hide embargo log' : 'Show embargo log'}
          </Button>
        </div>
        {showLog && (
          <Suspense fallback={null}>
            <EmbargoLogView caseId={caseId} />
          </Suspense>
        )}
      </div>
      <Suspense fallback={null}>
        {dialog === 'propose' && (
          <ProposeModal caseId={caseId} state={e.state} staff={staff} onHide={close} />
        )}
        {dialog === 'exit' && <ExitModal caseId={caseId} onHide={close} />}
        {dialog === 'breach' && <BreachModal caseId={caseId} onHide={close} />}
      </Suspense>
    </section>
  );
}

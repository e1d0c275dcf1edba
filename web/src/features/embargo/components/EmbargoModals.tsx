// The embargo's dialogs: proposing an end (staff: the first one or a change; a vendor or reporter: an
// extension request), ending it early (staff), and reporting a breach — which ends it for everyone at once,
// so the dialog says so before anything is sent.
import { embargoBreachSchema, embargoExitSchema, embargoProposalSchema, type EmbargoState } from '@cvdp/core';
import { FormModal } from '../../../components/FormModal.tsx';
import { TextField, useZodForm } from '../../../components/form/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useExitEmbargo, useProposeEmbargo, useReportEmbargoBreach } from '../api/index.ts';

export function ProposeModal(props: { caseId: number; state: EmbargoState; staff: boolean; onHide(): void }) {
  const form = useZodForm(embargoProposalSchema, { defaultValues: { end: '', reason: '' } });
  const propose = useProposeEmbargo(props.caseId);
  const first = props.state === 'none';
  const title = first ? 'Propose an embargo' : props.staff ? 'Propose a new end' : 'Request an extension';
  return (
    <FormModal
      form={form}
      title={title}
      submitLabel={first ? 'Propose' : props.staff ? 'Propose' : 'Request'}
      pending={propose.isPending}
      error={propose.error}
      onClose={props.onHide}
      onSubmit={(body) =>
        propose.mutate(body, {
          onSuccess: () => {
            toast(
              first || props.staff ? 'Embargo end proposed: the vendors are asked.' : 'Extension requested.',
            );
            props.onHide();
          },
        })
      }
    >
      <TextField
        id="embargo-end"
        name="end"
        label="End date"
        type="date"
        required
        help="The embargo ends at 12:00 UTC that day."
      />
      <TextField id="embargo-reason" name="reason" label="Reason" multiline={3} required />
    </FormModal>
  );
}

export function ExitModal({ caseId, onHide }: { caseId: number; onHide(): void }) {
  const form = useZodForm(embargoExitSchema, { defaultValues: { reason: '' } });
  const exit = useExitEmbargo(caseId);
  return (
    <FormModal
      form={form}
      title="End the embargo now?"
      submitLabel="End embargo"
      pending={exit.isPending}
      error={exit.error}
      onClose={onHide}
      onSubmit={(body) =>
        exit.mutate(body, {
          onSuccess: () => {
            toast('Embargo ended. Everyone was told.');
            onHide();
          },
        })
      }
    >
      <p>Every participant is told at once. An ended embargo cannot be started again.</p>
      <TextField id="embargo-exit-reason" name="reason" label="Reason" multiline={3} required />
    </FormModal>
  );
}

export function BreachModal({ caseId, onHide }: { caseId: number; onHide(): void }) {
  const form = useZodForm(embargoBreachSchema, { defaultValues: { evidence: '' } });
  const breach = useReportEmbargoBreach(caseId);
  return (
    <FormModal
      form={form}
      title="Report a breach of the embargo?"
      submitLabel="Report breach"
      pending={breach.isPending}
      error={breach.error}
      onClose={onHide}
      onSubmit={(body) =>
        breach.mutate(body, {
          onSuccess: () => {
            toast('Breach reported: the embargo has ended and everyone was told.');
            onHide();
          },
        })
      }
    >
      <p>
        Report public disclosure or active exploitation only. <strong>The embargo ends at once</strong> for
        every participant, and this cannot be undone.
      </p>
      <TextField
        id="embargo-evidence"
        name="evidence"
        label="What you saw (a link helps)"
        multiline={4}
        required
      />
    </FormModal>
  );
}

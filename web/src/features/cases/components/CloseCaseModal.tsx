// Closing a case needs a resolution (from GET /api/case/metadata/); the server refuses a close without one.
import { Button, Modal } from 'react-bootstrap';
import { z } from 'zod';
import { CLOSE_NEEDS_RESOLUTION } from '@cvdp/core';
import { toast } from '../../../lib/toast.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { SelectField, SubmitButton, ZodForm, useZodForm } from '../../../components/form/index.ts';
import { useCaseListMetadata, useUpdateCase } from '../api/index.ts';

/** The select holds the resolution's id as text; the body takes it as a number (caseUpdateSchema). */
const closeSchema = z.object({ resolution: z.string().min(1, CLOSE_NEEDS_RESOLUTION) });

export function CloseCaseModal({ caseId, onHide }: { caseId: number; onHide(): void }) {
  const metadata = useCaseListMetadata();
  const form = useZodForm(closeSchema, { defaultValues: { resolution: '' } });
  const change = useUpdateCase(caseId);
  const resolution = form.watch('resolution');
  const chosen = metadata.data?.resolutions.find((r) => String(r.id) === resolution);

  return (
    <Modal show onHide={onHide} aria-labelledby="close-case-title">
      <ZodForm
        form={form}
        onSubmit={(v) =>
          change.mutate(
            { status: 2, resolution: Number(v.resolution) },
            {
              onSuccess: () => {
                toast('Case closed.');
                onHide();
              },
            },
          )
        }
      >
        <Modal.Header closeButton>
          <Modal.Title id="close-case-title">Close the case</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ErrorAlert error={metadata.error} prefix="An error occurred: " />
          <ErrorAlert error={change.error} />
          <SelectField
            id="close-case-resolution"
            name="resolution"
            label="Resolution"
            placeholder="Choose a resolution..."
            options={metadata.data?.resolutions.map((r) => ({ value: String(r.id), label: r.name })) ?? []}
            help={chosen?.description || undefined}
            className=""
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            Cancel
          </Button>
          <SubmitButton variant="danger" pending={change.isPending}>
            Close case
          </SubmitButton>
        </Modal.Footer>
      </ZodForm>
    </Modal>
  );
}

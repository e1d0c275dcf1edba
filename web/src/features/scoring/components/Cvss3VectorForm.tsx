// Our CVSS 3.1 score as a typed vector, shared by a published vulnerability's page and a predisclosure
// one: the server scores it (a bad vector comes back under the field), 'Saved.' once it did.
import { useEffect } from 'react';
import { z } from 'zod';
import { vulScorePatchSchema } from '@cvdp/core/scoring/index';
import { SubmitButton, TextField, ZodForm, useZodForm } from '../../../components/form/index.ts';

/** 'Saved.' after a save went through; announced to screen readers. */
export function Saved({ ok }: { ok: boolean }) {
  return ok ? (
    <span className="text-success-emphasis small" role="status">
      Saved.
    </span>
  ) : null;
}

/** The parts of a score mutation the form uses (either page's mutation takes `{cvss3}`). */
interface Cvss3Save {
  mutate(body: { cvss3: string }): void;
  reset(): void;
  error: unknown;
  isPending: boolean;
  isSuccess: boolean;
}

/** The vector as the score body takes it; an empty one is not sent (the button waits for a vector). */
const cvss3FormSchema = z.object({ cvss3: vulScorePatchSchema.shape.cvss3.unwrap().unwrap() });

export function Cvss3VectorForm({ id, initial, save }: { id: string; initial: string; save: Cvss3Save }) {
  const form = useZodForm(cvss3FormSchema, { defaultValues: { cvss3: initial } });
  const vector = form.watch('cvss3');
  const { reset } = save;
  // A new vector is not the one saved: 'Saved.' and the last refusal go as soon as it is typed.
  useEffect(() => {
    const sub = form.watch(() => reset());
    return () => sub.unsubscribe();
  }, [form, reset]);
  return (
    <ZodForm
      form={form}
      error={save.error}
      onSubmit={({ cvss3 }) => {
        if (cvss3) save.mutate({ cvss3 });
      }}
    >
      <TextField
        id={id}
        name="cvss3"
        label="CVSS v3.1 vector"
        spellCheck={false}
        autoComplete="off"
        placeholder="CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H"
        className=""
      />
      <div className="d-flex flex-wrap gap-2 align-items-center mt-2">
        <SubmitButton size="sm" pending={save.isPending} disabled={!vector.trim()}>
          Save CVSS 3.1 score
        </SubmitButton>
        <Saved ok={save.isSuccess} />
      </div>
    </ZodForm>
  );
}

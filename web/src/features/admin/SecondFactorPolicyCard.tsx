// The administrator's requirement of a second factor for staff roles (coordinator, scorer, admin), with a
// grace period: after it, such a user signing in without one adds one before anything else.
import { Alert, Card } from 'react-bootstrap';
import { z } from 'zod';
import type { SecondFactorPolicy } from '@cvdp/core';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { CheckField, SubmitButton, TextField, ZodForm, useZodForm } from '../../components/form/index.ts';
import { useSaveSecondFactorPolicy, useSecondFactorPolicy } from './api/index.ts';

/** The days are typed as text; the server's schema (whole days, 0–365) applies to the number sent. */
const policyForm = z.object({
  required: z.boolean(),
  grace_days: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, 'Enter whole days (0 to 365).'),
});

function PolicyForm({ policy }: { policy: SecondFactorPolicy }) {
  const form = useZodForm(policyForm, {
    defaultValues: { required: policy.required, grace_days: String(policy.grace_days) },
  });
  const save = useSaveSecondFactorPolicy();
  return (
    <ZodForm
      form={form}
      error={save.error}
      label="Second factor requirement"
      onSubmit={(v) =>
        save.mutate(
          { required: v.required, grace_days: Number(v.grace_days) },
          { onSuccess: (p) => form.reset({ required: p.required, grace_days: String(p.grace_days) }) },
        )
      }
    >
      <CheckField
        id="second-factor-required"
        name="required"
        label={`Require a second factor of ${policy.roles.join(', ')}`}
      />
      <TextField id="second-factor-grace" name="grace_days" label="Grace period (days)" inputMode="numeric" />
      <SubmitButton pending={save.isPending}>Save</SubmitButton>
    </ZodForm>
  );
}

export function SecondFactorPolicyCard() {
  const policy = useSecondFactorPolicy();
  return (
    <Card className="mb-4">
      <Card.Header>Two-factor authentication</Card.Header>
      <Card.Body>
        <ErrorAlert error={policy.error} />
        {policy.data?.required_by && (
          <Alert variant="info">
            Required from {new Date(policy.data.required_by).toLocaleString()}: staff without a second factor
            then add one when they sign in.
          </Alert>
        )}
        {policy.data && <PolicyForm policy={policy.data} />}
      </Card.Body>
    </Card>
  );
}

// The administrator's limits that fit a flood (issue 28): reports per day from one address range and from
// a new account in its first day. A report beyond them is held — stored, never refused — until staff
// release it from triage's Held section. An empty limit is no limit.
import { Card } from 'react-bootstrap';
import { z } from 'zod';
import type { ReportLimits } from '@cvdp/core';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { SubmitButton, TextField, ZodForm, useZodForm } from '../../components/form/index.ts';
import { toast } from '../../lib/toast.ts';
import { useReportLimits, useSaveReportLimits } from './api/index.ts';

/** Typed as text; the server's schema applies to the numbers sent. */
const limitText = z
  .string()
  .trim()
  .regex(/^(\d{1,6})?$/, 'Enter whole reports per day, or leave empty for no limit.');
const prefixText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, `Enter a prefix length (${min} to ${max}).`)
    .refine((v) => Number(v) >= min && Number(v) <= max, `Enter a prefix length (${min} to ${max}).`);
const limitsForm = z.object({
  range_per_day: limitText,
  new_account_per_day: limitText,
  ipv4_prefix: prefixText(8, 32),
  ipv6_prefix: prefixText(16, 128),
});
type LimitsValues = z.infer<typeof limitsForm>;

const toForm = (l: ReportLimits): LimitsValues => ({
  range_per_day: l.range_per_day === null ? '' : String(l.range_per_day),
  new_account_per_day: l.new_account_per_day === null ? '' : String(l.new_account_per_day),
  ipv4_prefix: String(l.ipv4_prefix),
  ipv6_prefix: String(l.ipv6_prefix),
});
const orNull = (v: string) => (v === '' ? null : Number(v));

function LimitsForm({ limits }: { limits: ReportLimits }) {
  const form = useZodForm(limitsForm, { defaultValues: toForm(limits) });
  const save = useSaveReportLimits();
  return (
    <ZodForm
      form={form}
      error={save.error}
      label="Report limits"
      onSubmit={(v) =>
        save.mutate(
          {
            range_per_day: orNull(v.range_per_day),
            new_account_per_day: orNull(v.new_account_per_day),
            ipv4_prefix: Number(v.ipv4_prefix),
            ipv6_prefix: Number(v.ipv6_prefix),
          },
          {
            onSuccess: (saved) => {
              form.reset(toForm(saved));
              toast('Report limits saved.');
            },
          },
        )
      }
    >
      <div className="row g-2">
        <div className="col-12 col-md-6">
          <TextField
            id="limit-range"
            name="range_per_day"
            label="Reports per day from one address range"
            inputMode="numeric"
          />
        </div>
        <div className="col-12 col-md-6">
          <TextField
            id="limit-new-account"
            name="new_account_per_day"
            label="Reports in a new account's first day"
            inputMode="numeric"
          />
        </div>
        <div className="col-6">
          <TextField
            id="limit-ipv4"
            name="ipv4_prefix"
            label="IPv4 range (prefix bits)"
            inputMode="numeric"
          />
        </div>
        <div className="col-6">
          <TextField
            id="limit-ipv6"
            name="ipv6_prefix"
            label="IPv6 range (prefix bits)"
            inputMode="numeric"
          />
        </div>
      </div>
      <SubmitButton pending={save.isPending}>Save report limits</SubmitButton>
    </ZodForm>
  );
}

export function ReportLimitsCard() {
  const limits = useReportLimits();
  return (
    <Card className="mb-4">
      <Card.Header>Report limits</Card.Header>
      <Card.Body>
        <p className="text-body-secondary small">
          Reports beyond a limit are kept and held for a coordinator to release from Triage → Held; nobody is
          refused. Leave a limit empty for none.
        </p>
        <ErrorAlert error={limits.error} />
        {limits.data && <LimitsForm limits={limits.data} />}
      </Card.Body>
    </Card>
  );
}

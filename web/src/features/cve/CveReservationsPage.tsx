// One CVE account's reserved ids: reserve 1–1,000 more through CVE Services (its refusals — credentials,
// quota, rate limit — shown with their reason), see each id's state, and give an id to a vulnerability (or
// take it back).
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { z } from 'zod';
import { cveReserveSchema, type CveReservation } from '@cvdp/core/cve/index';
import { isNotFound } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { ContrastBadge, type BadgeVariant } from '../../components/ContrastBadge.tsx';
import { stackLabelWidth } from '../../components/CataloguePage.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import {
  FieldError,
  SubmitButton,
  TextField,
  ZodForm,
  mappedSchema,
  useZodForm,
} from '../../components/form/index.ts';
import { useField } from '../../components/form/field-state.ts';
import {
  RESERVATIONS_PAGE_SIZE,
  useAssignCveReservation,
  useCveAccount,
  useCveReservations,
  useReserveCveIds,
} from './api/index.ts';
import { cveErrorMessage, cveFormError } from './error-message.ts';

const STATE_BADGES: Record<string, BadgeVariant> = {
  RESERVED: 'info',
  PUBLISHED: 'success',
  REJECTED: 'secondary',
};

/** The amount typed, as the server's schema reads it (anything not a number is refused as one). */
const typedAmount = (text: string) => {
  const amount = text.trim() === '' ? Number.NaN : Number(text);
  return Number.isNaN(amount) ? 'x' : amount;
};

const amountForm = mappedSchema(
  (v: { amount: string }) => ({ amount: typedAmount(v.amount) }),
  z.object({ amount: cveReserveSchema.shape.amount }),
);

/** The amount field's message, as the server words it (cveReserveSchema), or undefined when it is fine. */
export function amountError(text: string): string | undefined {
  const checked = amountForm.safeParse({ amount: text });
  return checked.success ? undefined : checked.error.issues[0].message;
}

/** The amount and the Reserve button in one group (the field's message under both). */
function AmountInput({ active, pending }: { active: boolean; pending: boolean }) {
  const { register, error } = useField('amount');
  return (
    <>
      <Form.Label htmlFor="cve-reserve-amount">Amount (1–1000)</Form.Label>
      <InputGroup style={{ maxWidth: 320 }} hasValidation>
        <Form.Control
          id="cve-reserve-amount"
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          {...register}
          isInvalid={!!error}
          aria-describedby={error ? 'cve-reserve-amount-error' : undefined}
        />
        <SubmitButton pending={pending} disabled={!active}>
          Reserve
        </SubmitButton>
      </InputGroup>
      <FieldError id="cve-reserve-amount-error" message={error} />
    </>
  );
}

function ReserveForm({ accountId, active }: { accountId: number; active: boolean }) {
  const form = useZodForm(amountForm, { defaultValues: { amount: '1' } });
  const reserve = useReserveCveIds(accountId);
  const answer = reserve.data;
  return (
    <section aria-labelledby="cve-reserve-title" className="mb-4">
      <h2 id="cve-reserve-title" className="h5">
        Reserve CVE ids
      </h2>
      <ZodForm
        form={form}
        label="Reserve CVE ids"
        error={cveFormError(reserve.error, ['amount'], 'No CVE ids were reserved: ')}
        onSubmit={({ amount }) => reserve.mutate(amount)}
      >
        <AmountInput active={active} pending={reserve.isPending} />
        {!active && (
          <Form.Text muted className="d-block mb-3">
            This account is not active: activate it to reserve ids through it.
          </Form.Text>
        )}
      </ZodForm>
      {answer && !reserve.isPending && !reserve.error ? (
        <Alert variant="success" role="status" className="mt-3">
          Reserved {answer.results.length === 1 ? 'one id' : `${answer.results.length} ids`}:{' '}
          {answer.results.map((r) => r.cve_id).join(', ')}.
          {answer.partial && ' CVE Services reserved fewer than asked.'}
          {answer.remaining_quota !== null && ` Remaining quota: ${answer.remaining_quota}.`}
        </Alert>
      ) : null}
    </section>
  );
}

const vulField = z.object({
  vul: z
    .string()
    .trim()
    .regex(/^\d+$/, 'Enter the number of a vulnerability.')
    .transform(Number)
    .refine((id) => id >= 1 && id <= 2147483647, 'Enter the number of a vulnerability.'),
});

function AssignModal({ reservation, onClose }: { reservation: CveReservation; onClose: () => void }) {
  const form = useZodForm(vulField, {
    defaultValues: { vul: reservation.vul ? String(reservation.vul) : '' },
  });
  const assign = useAssignCveReservation();
  return (
    <FormModal
      form={form}
      title={`Assign ${reservation.cve_id}`}
      submitLabel="Assign"
      pending={assign.isPending}
      error={cveFormError(assign.error, ['vul'])}
      onClose={onClose}
      onSubmit={({ vul }) => assign.mutate({ id: reservation.id, vul }, { onSuccess: onClose })}
    >
      <TextField
        id="cve-assign-vul"
        name="vul"
        label="Vulnerability id"
        inputMode="numeric"
        className="mb-0"
        help="The vulnerability gets this CVE id; an id it had before is freed."
      />
    </FormModal>
  );
}

export function CveReservationsPage() {
  const raw = useParams().id ?? '';
  const accountId = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const [page, setPage] = useState(1);
  const [assigning, setAssigning] = useState<CveReservation | null>(null);
  const account = useCveAccount(accountId);
  const list = useCveReservations(accountId, page, account.isSuccess);
  const release = useAssignCveReservation();
  const org = account.data?.org_short_name;
  usePageTitle(org ? `CVE ids of ${org}` : 'CVE ids');

  if (accountId === 0 || isNotFound(account.error)) return <NotFoundPage />;
  if (account.isPending) return <PageSpinner label="Loading the CVE account…" />;
  const back = (
    <Link to="/cvdp/cve/accounts" className="d-inline-block mb-2">
      ← CVE accounts
    </Link>
  );
  if (!account.data)
    return (
      <>
        {back}
        <Alert variant="danger" role="alert">
          {cveErrorMessage(account.error)}
        </Alert>
      </>
    );
  const a = account.data;

  return (
    <>
      {back}
      <h1 className="h3 mb-1 text-break">CVE ids of {a.org_short_name}</h1>
      <p className="text-body-secondary text-break">
        {a.username} · {a.api_url}
        {!a.active && ' · inactive'}
      </p>
      <ReserveForm accountId={a.id} active={a.active} />
      <h2 className="h5">Reserved ids</h2>
      {list.error || release.error ? (
        <Alert variant="danger" role="alert">
          {cveErrorMessage(list.error ?? release.error)}
        </Alert>
      ) : null}
      {list.isPending ? (
        <PageSpinner label="Loading the reserved ids…" />
      ) : (
        <DataTable
          layout="stack"
          hover
          // Room for 'Vulnerability' when the rows stack on a phone.
          style={stackLabelWidth('7.5rem')}
          rows={list.data?.results}
          rowKey={(r) => r.id}
          paging={
            list.data && { page, pageSize: RESERVATIONS_PAGE_SIZE, count: list.data.count, onPage: setPage }
          }
          columns={[
            { key: 'id', header: 'CVE id', cellClassName: 'fw-semibold text-nowrap', cell: (r) => r.cve_id },
            {
              key: 'state',
              header: 'State',
              cell: (r) => <ContrastBadge bg={STATE_BADGES[r.state] ?? 'light'}>{r.state}</ContrastBadge>,
            },
            {
              key: 'vul',
              header: 'Vulnerability',
              cell: (r) => (r.vul ? `#${r.vul}` : <span className="text-body-secondary">None</span>),
            },
            { key: 'reserved', header: 'Reserved', cell: (r) => formatDate(r.reserved) },
            {
              key: 'published',
              header: 'Published',
              cell: (r) =>
                r.published ? formatDate(r.published) : <span className="text-body-secondary">—</span>,
            },
            {
              key: 'actions',
              header: 'Actions',
              hideHeader: true,
              cellClassName: 'text-md-end',
              cell: (r) =>
                r.state !== 'REJECTED' && (
                  <div className="d-flex flex-wrap gap-1 justify-content-md-end">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      onClick={() => setAssigning(r)}
                      aria-label={`${r.vul ? 'Reassign' : 'Assign'} ${r.cve_id}`}
                    >
                      {r.vul ? 'Reassign' : 'Assign'}
                    </Button>
                    {r.vul !== null && (
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        disabled={release.isPending}
                        onClick={() => release.mutate({ id: r.id, vul: null })}
                        aria-label={`Release ${r.cve_id}`}
                      >
                        Release
                      </Button>
                    )}
                  </div>
                ),
            },
          ]}
        />
      )}
      {assigning && <AssignModal reservation={assigning} onClose={() => setAssigning(null)} />}
    </>
  );
}

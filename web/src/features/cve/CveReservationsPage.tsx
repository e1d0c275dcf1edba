// One CVE account's reserved ids: reserve 1–1,000 more through CVE Services (its refusals — credentials,
// quota, rate limit — shown with their reason), see each id's state, and give an id to a vulnerability (or
// take it back).
import { useState, type CSSProperties } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Form, InputGroup, Modal, Table } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cveReserveSchema, type CveReservation } from '@cvdp/core/cve/index';
import { fieldErrors, isNotFound } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { ContrastBadge, type BadgeVariant } from '../../components/ContrastBadge.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { Pager } from '../../components/Pager.tsx';
import { FieldError } from '../../components/form/index.ts';
import {
  assignCveReservation,
  cveErrorMessage,
  fetchCveAccount,
  fetchCveReservations,
  reserveCveIds,
  RESERVATIONS_PAGE_SIZE,
  type CveReserveAnswer,
} from './api.ts';

/** Room for 'Organisation', 'Environment', 'Vulnerability' when the rows stack on a phone. */
const STACK_LABELS = { '--table-stack-label': '7.5rem' } as CSSProperties;

const STATE_BADGES: Record<string, BadgeVariant> = {
  RESERVED: 'info',
  PUBLISHED: 'success',
  REJECTED: 'secondary',
};

/** The amount field's message, as the server words it (cveReserveSchema), or undefined when it is fine. */
export function amountError(text: string): string | undefined {
  const amount = text.trim() === '' ? Number.NaN : Number(text);
  const checked = cveReserveSchema.shape.amount.safeParse(Number.isNaN(amount) ? 'x' : amount);
  return checked.success ? undefined : checked.error.issues[0].message;
}

function ReserveForm({ accountId, active }: { accountId: number; active: boolean }) {
  const client = useQueryClient();
  const [amount, setAmount] = useState('1');
  const [shown, setShown] = useState<string | undefined>();
  const reserve = useMutation({
    mutationFn: (n: number) => reserveCveIds(accountId, n),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.cve.reservations() }),
  });
  const answer: CveReserveAnswer | undefined = reserve.data;
  const server = fieldErrors(reserve.error);
  const fieldMessage = shown ?? server.amount?.[0];
  return (
    <section aria-labelledby="cve-reserve-title" className="mb-4">
      <h2 id="cve-reserve-title" className="h5">
        Reserve CVE ids
      </h2>
      <Form
        noValidate
        aria-label="Reserve CVE ids"
        onSubmit={(e) => {
          e.preventDefault();
          const problem = amountError(amount);
          setShown(problem);
          if (!problem) reserve.mutate(Number(amount));
        }}
      >
        <Form.Label htmlFor="cve-reserve-amount">Amount (1–1000)</Form.Label>
        <InputGroup style={{ maxWidth: 320 }} hasValidation>
          <Form.Control
            id="cve-reserve-amount"
            type="number"
            inputMode="numeric"
            min={1}
            max={1000}
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setShown(undefined);
            }}
            isInvalid={!!fieldMessage}
            aria-describedby={fieldMessage ? 'cve-reserve-amount-error' : undefined}
          />
          <Button type="submit" disabled={reserve.isPending || !active}>
            Reserve
          </Button>
        </InputGroup>
        <FieldError id="cve-reserve-amount-error" message={fieldMessage} />
        {!active && (
          <Form.Text muted>This account is not active: activate it to reserve ids through it.</Form.Text>
        )}
      </Form>
      {reserve.error && !server.amount?.length ? (
        <Alert variant="danger" role="alert" className="mt-3">
          No CVE ids were reserved: {cveErrorMessage(reserve.error)}
        </Alert>
      ) : null}
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

function AssignModal({ reservation, onClose }: { reservation: CveReservation; onClose: () => void }) {
  const client = useQueryClient();
  const [vul, setVul] = useState(reservation.vul ? String(reservation.vul) : '');
  const [problem, setProblem] = useState<string | undefined>();
  const assign = useMutation({
    mutationFn: (id: number) => assignCveReservation(reservation.id, id),
    onSuccess: async () => {
      onClose();
      await client.invalidateQueries({ queryKey: queryKeys.cve.reservations() });
    },
  });
  const message = problem ?? fieldErrors(assign.error).vul?.[0];
  return (
    <Modal show onHide={onClose} aria-labelledby="cve-assign-title">
      <Form
        noValidate
        aria-label={`Assign ${reservation.cve_id}`}
        onSubmit={(e) => {
          e.preventDefault();
          const id = Number(vul);
          if (!/^\d+$/.test(vul.trim()) || id < 1 || id > 2147483647) {
            setProblem('Enter the number of a vulnerability.');
            return;
          }
          setProblem(undefined);
          assign.mutate(id);
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id="cve-assign-title" className="h5">
            Assign {reservation.cve_id}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId="cve-assign-vul">
            <Form.Label>Vulnerability id</Form.Label>
            <Form.Control
              inputMode="numeric"
              value={vul}
              onChange={(e) => setVul(e.target.value)}
              isInvalid={!!message}
              aria-describedby={`cve-assign-vul-help${message ? ' cve-assign-vul-error' : ''}`}
            />
            <Form.Text id="cve-assign-vul-help" muted>
              The vulnerability gets this CVE id; an id it had before is freed.
            </Form.Text>
            <FieldError id="cve-assign-vul-error" message={message} />
          </Form.Group>
          {assign.error && !fieldErrors(assign.error).vul?.length ? (
            <Alert variant="danger" role="alert" className="mt-3 mb-0">
              {cveErrorMessage(assign.error)}
            </Alert>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={assign.isPending}>
            Assign
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

export function CveReservationsPage() {
  const raw = useParams().id ?? '';
  const accountId = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [assigning, setAssigning] = useState<CveReservation | null>(null);
  const account = useQuery({
    queryKey: queryKeys.cve.account(accountId),
    queryFn: () => fetchCveAccount(accountId),
    enabled: accountId > 0,
  });
  const list = useQuery({
    queryKey: queryKeys.cve.reservationPage(accountId, page),
    queryFn: () => fetchCveReservations(accountId, page),
    enabled: account.isSuccess,
  });
  const release = useMutation({
    mutationFn: (r: CveReservation) => assignCveReservation(r.id, null),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.cve.reservations() }),
  });
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
  const rows = list.data?.results ?? [];

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
        <Table hover responsive className="table-stack align-middle" style={STACK_LABELS}>
          <thead>
            <tr>
              <th scope="col">CVE id</th>
              <th scope="col">State</th>
              <th scope="col">Vulnerability</th>
              <th scope="col">Reserved</th>
              <th scope="col">Published</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isSuccess && rows.length === 0 ? <NoDataRow colSpan={6} /> : null}
            {rows.map((r) => (
              <tr key={r.id}>
                <td data-label="CVE id" className="fw-semibold text-nowrap">
                  {r.cve_id}
                </td>
                <td data-label="State">
                  <ContrastBadge bg={STATE_BADGES[r.state] ?? 'light'}>{r.state}</ContrastBadge>
                </td>
                <td data-label="Vulnerability">
                  {r.vul ? `#${r.vul}` : <span className="text-body-secondary">None</span>}
                </td>
                <td data-label="Reserved">{formatDate(r.reserved)}</td>
                <td data-label="Published">
                  {r.published ? formatDate(r.published) : <span className="text-body-secondary">—</span>}
                </td>
                <td className="text-md-end">
                  {r.state !== 'REJECTED' && (
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
                          onClick={() => release.mutate(r)}
                          aria-label={`Release ${r.cve_id}`}
                        >
                          Release
                        </Button>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {list.data && (
        <Pager page={page} pageSize={RESERVATIONS_PAGE_SIZE} count={list.data.count} onPage={setPage} />
      )}
      {assigning && <AssignModal reservation={assigning} onClose={() => setAssigning(null)} />}
    </>
  );
}

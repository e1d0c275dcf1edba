// Transfer a case to another connected instance (staff): choose an enabled connection and start; the
// case's transfers are listed below with each step's state, items and error reason, polled while one runs.
import { useState } from 'react';
import { Badge, Button, Form, Modal, Table } from 'react-bootstrap';
import { z } from 'zod';
import { TRANSFER_STEP_LABELS, type Transfer, type TransferStep, type TransferTarget } from '@cvdp/core';
import { fieldErrors } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../../components/NoDataRow.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { SubmitButton, ZodForm, useZodForm } from '../../../components/form/index.ts';
import { useField } from '../../../components/form/field-state.ts';
import { useCaseTransfers, useStartTransfer, useTransferTargets } from '../api/index.ts';

const PAGE_SIZE = 20;
const STATE_VARIANT: Record<string, string> = {
  queued: 'secondary',
  pending: 'secondary',
  running: 'primary',
  done: 'success',
  failed: 'danger',
};

/** The select holds the connection's id as text; transferCreateSchema takes it as a number (mapped on submit). */
const transferSchema = z.object({ connection: z.string() });

function StateBadge({ state }: { state: string }) {
  return (
    <Badge
      bg={STATE_VARIANT[state] ?? 'secondary'}
      text={state === 'queued' || state === 'pending' ? 'light' : undefined}
    >
      {state}
    </Badge>
  );
}

function items(s: TransferStep) {
  if (s.items_total === null) return '';
  return `${s.items_done} / ${s.items_total}`;
}

function TransferCard({ t }: { t: Transfer }) {
  return (
    <section className="border rounded p-2 mb-3" aria-label={`Transfer ${t.id}`}>
      <p className="mb-1 d-flex flex-wrap gap-2 align-items-center">
        <strong>To {t.connection?.name ?? 'a removed connection'}</strong>
        <StateBadge state={t.state} />
        {t.remote_case !== null && <span className="small">Their case #{t.remote_case}</span>}
      </p>
      <p className="small text-body-secondary mb-2">
        Started {formatDate(t.created)}
        {t.started_by && ` by ${t.started_by.name}`}
        {t.finished && ` · finished ${formatDate(t.finished)}`}
        {t.state === 'queued' &&
          t.attempts > 0 &&
          t.next_attempt &&
          ` · next attempt ${formatDate(t.next_attempt)}`}
      </p>
      {t.last_error && (
        <p className="small text-danger text-break mb-2" role={t.state === 'failed' ? 'alert' : undefined}>
          {t.last_error}
        </p>
      )}
      <Table size="sm" className="mb-0" style={{ tableLayout: 'fixed' }}>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col" style={{ width: '6rem' }}>
              State
            </th>
            <th scope="col" style={{ width: '5rem' }}>
              Items
            </th>
          </tr>
        </thead>
        <tbody>
          {t.steps.map((s) => (
            <tr key={s.step}>
              <td className="text-break">
                {TRANSFER_STEP_LABELS[s.step]}
                {s.last_error && <div className="small text-danger text-break">{s.last_error}</div>}
              </td>
              <td>
                <StateBadge state={s.state} />
              </td>
              <td className="small">{items(s)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

/** The connection select, wired to the form; its label is for screen readers (the button says the rest). */
function ConnectionField({ targets }: { targets: TransferTarget[] | undefined }) {
  const { register, error } = useField('connection');
  return (
    <Form.Group controlId="transfer-connection" className="flex-grow-1" style={{ minWidth: '12rem' }}>
      <Form.Label className="visually-hidden">Connection</Form.Label>
      <Form.Select
        {...register}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'transfer-connection-error' : undefined}
      >
        <option value="">Choose a connection…</option>
        {targets?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Form.Select>
      {error && (
        <Form.Control.Feedback type="invalid" id="transfer-connection-error">
          {error}
        </Form.Control.Feedback>
      )}
      {targets?.length === 0 && (
        <Form.Text>No enabled connection: an administrator adds them under Administration.</Form.Text>
      )}
    </Form.Group>
  );
}

export function TransferModal({ caseId, onHide }: { caseId: number; onHide(): void }) {
  const [page, setPage] = useState(1);
  const form = useZodForm(transferSchema, { defaultValues: { connection: '' } });
  const targets = useTransferTargets();
  const transfers = useCaseTransfers(caseId, page);
  const start = useStartTransfer(caseId);
  const errors = fieldErrors(start.error);
  const chosen = form.watch('connection') !== '';

  return (
    <Modal show onHide={onHide} size="lg" aria-labelledby="transfer-case-title">
      <Modal.Header closeButton>
        <Modal.Title id="transfer-case-title">Transfer case</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">
          The case is copied to the other instance with its report, threads, vulnerabilities, advisory, files
          and VEX. It stays here unchanged.
        </p>
        <ErrorAlert error={targets.error} prefix="An error occurred: " />
        <ZodForm
          form={form}
          // The server's reason about the connection shows under it; any other shows below the form.
          error={errors.connection ? start.error : undefined}
          className="d-flex flex-wrap gap-2 align-items-start mb-3"
          onSubmit={(v) => start.mutate(Number(v.connection), { onSuccess: () => setPage(1) })}
        >
          <ConnectionField targets={targets.data} />
          <SubmitButton pending={start.isPending} disabled={!chosen}>
            Start transfer
          </SubmitButton>
        </ZodForm>
        {start.error && !errors.connection ? <ErrorAlert error={start.error} /> : null}
        <h3 className="h6">Transfers</h3>
        <ErrorAlert error={transfers.error} prefix="An error occurred: " />
        {transfers.data?.count === 0 && (
          <Table size="sm">
            <tbody>
              <NoDataRow colSpan={1} />
            </tbody>
          </Table>
        )}
        {transfers.data?.results.map((t) => (
          <TransferCard key={t.id} t={t} />
        ))}
        {transfers.data && (
          <Pager page={page} pageSize={PAGE_SIZE} count={transfers.data.count} onPage={setPage} />
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

// Transfer a case to another connected instance (staff): choose an enabled connection and start; the
// case's transfers are listed below with each step's state, items and error reason, polled while one runs.
import { useState } from 'react';
import { Badge, Button, Form, Modal, Table } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRANSFER_STEP_LABELS, type Transfer, type TransferStep } from '@cvdp/core';
import { fieldErrors } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../../components/NoDataRow.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { fetchCaseTransfers, fetchTransferTargets, startTransfer } from '../api.ts';

const PAGE_SIZE = 20;
const STATE_VARIANT: Record<string, string> = {
  queued: 'secondary',
  pending: 'secondary',
  running: 'primary',
  done: 'success',
  failed: 'danger',
};

const active = (t: Transfer) => t.state === 'queued' || t.state === 'running';

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

export function TransferModal({ caseId, onHide }: { caseId: number; onHide(): void }) {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [connection, setConnection] = useState('');
  const targets = useQuery({ queryKey: queryKeys.cases.transferTargets(), queryFn: fetchTransferTargets });
  const transfers = useQuery({
    queryKey: queryKeys.cases.transfers(caseId, page),
    queryFn: () => fetchCaseTransfers(caseId, page),
    // Polled while a transfer is queued or running.
    refetchInterval: (q) => (q.state.data?.results.some(active) ? 1000 : false),
  });
  const start = useMutation({
    mutationFn: () => startTransfer(caseId, Number(connection)),
    onSuccess: async () => {
      setPage(1);
      await client.invalidateQueries({ queryKey: ['cases', 'transfers', caseId] });
      await client.invalidateQueries({ queryKey: queryKeys.cases.activityAll(caseId) });
    },
  });
  const errors = fieldErrors(start.error);

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
        <Form
          className="d-flex flex-wrap gap-2 align-items-start mb-3"
          onSubmit={(e) => {
            e.preventDefault();
            start.mutate();
          }}
        >
          <Form.Group controlId="transfer-connection" className="flex-grow-1" style={{ minWidth: '12rem' }}>
            <Form.Label className="visually-hidden">Connection</Form.Label>
            <Form.Select
              value={connection}
              onChange={(e) => setConnection(e.target.value)}
              isInvalid={Boolean(errors.connection)}
              aria-invalid={errors.connection ? true : undefined}
              aria-describedby={errors.connection ? 'transfer-connection-error' : undefined}
            >
              <option value="">Choose a connection…</option>
              {targets.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Form.Select>
            {errors.connection && (
              <Form.Control.Feedback type="invalid" id="transfer-connection-error">
                {errors.connection.join(' ')}
              </Form.Control.Feedback>
            )}
            {targets.data?.length === 0 && (
              <Form.Text>No enabled connection: an administrator adds them under Administration.</Form.Text>
            )}
          </Form.Group>
          <Button type="submit" disabled={!connection || start.isPending}>
            Start transfer
          </Button>
        </Form>
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

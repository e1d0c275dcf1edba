import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import { TRANSFER_CONNECTION_DISABLED, TRANSFER_STEPS, type Transfer } from '@cvdp/core';
import { TransferModal } from './TransferModal.tsx';
import { fakeCaseCalls } from '../test-utils.ts';

let calls: ReturnType<typeof fakeCaseCalls>;
beforeEach(() => {
  calls = fakeCaseCalls();
});
afterEach(() => vi.restoreAllMocks());

const refused = (detail: string, errors: Record<string, string[]>) => {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(
    'Request failed with status code 400',
    'ERR_BAD_REQUEST',
    config,
    {},
    {
      status: 400,
      statusText: '',
      headers: {},
      config,
      data: { detail, errors },
    },
  );
};

const failed: Transfer = {
  id: 3,
  uuid: '00000000-0000-4000-8000-000000000003',
  case: 5,
  connection: { id: 1, name: 'Sector CERT' },
  started_by: { id: 2, name: 'Cora Coordinator' },
  state: 'failed',
  remote_case: 41,
  attempts: 1,
  next_attempt: null,
  last_error: 'Refused by the receiver (400): Invalid input. (title: This field is required.)',
  created: '2026-11-23T08:00:00Z',
  updated: '2026-11-23T08:00:01Z',
  finished: '2026-11-23T08:00:01Z',
  steps: TRANSFER_STEPS.map((step, i) => ({
    step,
    state: i === 0 ? 'done' : i === 1 ? 'failed' : 'pending',
    items_done: i === 0 ? 1 : 0,
    items_total: i < 2 ? (i === 0 ? 1 : 3) : null,
    attempts: i < 2 ? 1 : 0,
    last_error: i === 1 ? 'Refused by the receiver (400): Invalid input.' : null,
    finished: i === 0 ? '2026-11-23T08:00:00Z' : null,
  })),
};

function renderModal() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TransferModal caseId={5} onHide={() => {}} />
    </QueryClientProvider>,
  );
}

describe('TransferModal', () => {
  it("shows 'No data ...' for a case never transferred, and the server's reason under the connection", async () => {
    calls.fetchTransferTargets.mockResolvedValue([
      { id: 1, name: 'Sector CERT', base_url: 'https://cert.example/' },
    ]);
    calls.fetchCaseTransfers.mockResolvedValue({ count: 0, next: null, previous: null, results: [] });
    calls.startTransfer.mockRejectedValue(
      refused(TRANSFER_CONNECTION_DISABLED, { connection: [TRANSFER_CONNECTION_DISABLED] }),
    );
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Transfer case' });
    expect(await within(dialog).findByText('No data ...')).toBeInTheDocument();
    const start = within(dialog).getByRole('button', { name: 'Start transfer' });
    expect(start).toBeDisabled();
    await within(dialog).findByRole('option', { name: 'Sector CERT' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Connection'), 'Sector CERT');
    await userEvent.click(start);
    expect(calls.startTransfer).toHaveBeenCalledWith(5, 1);
    expect(await within(dialog).findByText(TRANSFER_CONNECTION_DISABLED)).toBeVisible();
    expect(within(dialog).getByLabelText('Connection')).toHaveAttribute('aria-invalid', 'true');
    // The choice stays.
    expect(within(dialog).getByLabelText('Connection')).toHaveValue('1');
  });

  it('lists transfers with each step, its state, items and the reason it failed', async () => {
    calls.fetchTransferTargets.mockResolvedValue([]);
    calls.fetchCaseTransfers.mockResolvedValue({
      count: 1,
      next: null,
      previous: null,
      results: [failed],
    });
    renderModal();
    const card = await screen.findByRole('region', { name: 'Transfer 3' });
    expect(card).toHaveTextContent('To Sector CERT');
    expect(card).toHaveTextContent('Their case #41');
    expect(within(card).getAllByText(/Refused by the receiver/)).toHaveLength(2);
    expect(within(card).getByRole('row', { name: /^Report/ })).toHaveTextContent('done1 / 1');
    expect(within(card).getByRole('row', { name: /^Threads/ })).toHaveTextContent('failed0 / 3');
    expect(within(card).getByRole('row', { name: /^Files/ })).toHaveTextContent('pending');
    expect(screen.getByText(/No enabled connection/)).toBeInTheDocument();
  });
});

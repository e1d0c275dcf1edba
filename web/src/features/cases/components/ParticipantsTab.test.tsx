import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CasePermissions, Participant } from '@cvdp/core';
import { Toasts } from '../../../components/Toasts.tsx';
import { clearToasts } from '../../../lib/toast.ts';
import { ParticipantsTab } from './ParticipantsTab.tsx';
import { fakeCaseCalls } from '../test-utils.ts';

let calls: ReturnType<typeof fakeCaseCalls>;
beforeEach(() => {
  calls = fakeCaseCalls();
});
afterEach(() => {
  vi.restoreAllMocks();
  clearToasts();
});

const person = (id: number, over: Partial<Participant> = {}): Participant => ({
  id,
  kind: 'user',
  name: `Person ${id}`,
  email: `p${id}@example.test`,
  user: id,
  group: null,
  group_kind: null,
  role: 'vendor',
  added: '2026-05-01T10:00:00Z',
  added_by: null,
  notified: null,
  seen: null,
  ...over,
});

const STAFF = {
  edit_case: true,
  change_status: true,
  manage_participants: true,
  assign: true,
  notify: true,
  edit_report: true,
  read_original: true,
  add_report: true,
  view_activity: true,
} satisfies CasePermissions;
const READER: CasePermissions = { ...STAFF, manage_participants: false, notify: false };

const participants = [
  person(1, {
    name: 'Otto Owner',
    role: 'owner',
    notified: '2026-05-02T10:00:00Z',
    seen: '2026-05-03T10:00:00Z',
  }),
  person(2, { kind: 'group', name: 'Acme PSIRT', email: null, user: null, group: 9, group_kind: 'vendor' }),
];

beforeEach(() => {
  calls.fetchParticipants.mockResolvedValue({
    count: 2,
    next: null,
    previous: null,
    results: participants,
  });
  calls.fetchParticipantsSummary.mockResolvedValue({
    total: 2,
    by_role: { owner: 1, coordinator: 0, reporter: 0, vendor: 1, participant: 0, observer: 0 },
    notified: 1,
    seen: 1,
  });
});

function renderTab(permissions: CasePermissions | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ParticipantsTab caseId={5} permissions={permissions} />
      <Toasts />
    </QueryClientProvider>,
  );
}

describe('ParticipantsTab', () => {
  it('lists participants with their role, dates and the summary; no staff controls for others', async () => {
    renderTab(READER);
    // The file's first render is slow on a loaded machine: more than findBy's default 1 s.
    const row = await screen.findByRole('row', { name: /Otto Owner/ }, { timeout: 5000 });
    expect(row).toHaveTextContent('owner');
    expect(row).toHaveTextContent('2026-05-01');
    expect(row).toHaveTextContent('2026-05-02');
    expect(row).toHaveTextContent('2026-05-03');
    expect(screen.getByRole('row', { name: /Acme PSIRT/ })).toHaveTextContent('group (vendor)');
    expect(await screen.findByLabelText('Participants summary')).toHaveTextContent(
      '2 participants: 1 owner, 1 vendor · notified 1 · seen 1',
    );
    expect(screen.queryByRole('form', { name: 'Add participants' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Role of Otto Owner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove|Notify/ })).not.toBeInTheDocument();
  });

  it('filters the list as one types', async () => {
    renderTab(READER);
    await screen.findByRole('row', { name: /Otto Owner/ });
    await userEvent.type(screen.getByLabelText('Filter participants'), 'acme');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Otto Owner/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /Acme PSIRT/ })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Filter participants'));
    await userEvent.type(screen.getByLabelText('Filter participants'), 'nobody');
    expect(await screen.findByText('No data ...')).toBeInTheDocument();
  });

  it('adds contacts picked in the typeahead with a role', async () => {
    calls.fetchContacts.mockResolvedValue([
      { kind: 'user', id: 4, name: 'Vera Vendor', email: 'vera@acme.test', group_kind: null },
      { kind: 'group', id: 9, name: 'Beta Corp', email: null, group_kind: 'vendor' },
    ]);
    calls.addParticipants.mockResolvedValue({ added: [person(3), person(4)], skipped: [] });
    renderTab(STAFF);
    const input = await screen.findByLabelText('Add people or groups');
    await userEvent.type(input, 've');
    await userEvent.click(await screen.findByRole('option', { name: /Vera Vendor/ }));
    await userEvent.type(input, 'be');
    await userEvent.click(await screen.findByRole('option', { name: /Beta Corp/ }));
    // Not allowed on a combobox (axe: aria-allowed-attr), though the library puts it there for `multiple`.
    expect(input).not.toHaveAttribute('aria-multiselectable');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'coordinator');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(calls.addParticipants).toHaveBeenCalledWith(5, ['vera@acme.test', 'Beta Corp'], 'coordinator');
    // Confirmed in the app's polite live region.
    const confirmations = screen.getByRole('status', { name: 'Confirmations' });
    expect(await within(confirmations).findByText('Added 2.')).toBeInTheDocument();
    expect(calls.fetchParticipants).toHaveBeenCalledTimes(2);
  });

  it('changes a role inline', async () => {
    calls.changeParticipantRole.mockResolvedValue(person(2, { role: 'observer' }));
    renderTab(STAFF);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Role of Acme PSIRT' }),
      'observer',
    );
    expect(calls.changeParticipantRole).toHaveBeenCalledWith(2, 'observer');
    expect(
      await within(screen.getByRole('status', { name: 'Confirmations' })).findByText(
        'Acme PSIRT is now observer.',
      ),
    ).toBeInTheDocument();
  });

  it('removes after confirmation', async () => {
    calls.removeParticipant.mockResolvedValue(undefined);
    renderTab(STAFF);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Acme PSIRT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove participant' });
    expect(dialog).toHaveTextContent('Remove Acme PSIRT from this case?');
    expect(calls.removeParticipant).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(calls.removeParticipant).toHaveBeenCalledWith(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('notifies one, the selected, and all vendors', async () => {
    const answer = { notified: [], recipients: 3, contact_emails: 0 };
    calls.notifyParticipants.mockResolvedValue(answer);
    calls.notifyAllVendors.mockResolvedValue(answer);
    renderTab(STAFF);
    await userEvent.click(await screen.findByRole('button', { name: 'Notify Acme PSIRT' }));
    expect(calls.notifyParticipants).toHaveBeenLastCalledWith(5, [2]);
    const confirmations = screen.getByRole('status', { name: 'Confirmations' });
    expect(await within(confirmations).findByText('Case notice sent to 3 users.')).toBeInTheDocument();
    await userEvent.click(
      within(confirmations).getByRole('button', { name: 'Dismiss: Case notice sent to 3 users.' }),
    );
    expect(confirmations).toBeEmptyDOMElement();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Otto Owner' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Acme PSIRT' }));
    await userEvent.click(screen.getByRole('button', { name: 'Notify selected (2)' }));
    expect(calls.notifyParticipants).toHaveBeenLastCalledWith(5, [1, 2]);

    await userEvent.click(screen.getByRole('button', { name: 'Notify all vendors' }));
    expect(calls.notifyAllVendors).toHaveBeenCalledWith(5);
  });

  it('renders 200 vendor participants as one table', async () => {
    const many = Array.from({ length: 200 }, (_, i) => person(i + 1, { name: `Vendor ${i + 1}` }));
    calls.fetchParticipants.mockResolvedValue({ count: 200, next: null, previous: null, results: many });
    renderTab(STAFF);
    expect(await screen.findByRole('row', { name: /Vendor 200\b/ })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(201);
  });
});

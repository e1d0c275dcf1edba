import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CasePermissions, Participant } from '@cvdp/core';
import {
  addParticipants,
  changeParticipantRole,
  fetchContacts,
  fetchParticipants,
  fetchParticipantsSummary,
  notifyAllVendors,
  notifyParticipants,
  removeParticipant,
} from '../api.ts';
import { ParticipantsTab } from './ParticipantsTab.tsx';

vi.mock('../api.ts', () => ({
  fetchParticipants: vi.fn(),
  fetchParticipantsSummary: vi.fn(),
  fetchContacts: vi.fn(),
  addParticipants: vi.fn(),
  changeParticipantRole: vi.fn(),
  removeParticipant: vi.fn(),
  notifyParticipants: vi.fn(),
  notifyAllVendors: vi.fn(),
}));
afterEach(() => vi.clearAllMocks());

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
  vi.mocked(fetchParticipants).mockResolvedValue({
    count: 2,
    next: null,
    previous: null,
    results: participants,
  });
  vi.mocked(fetchParticipantsSummary).mockResolvedValue({
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
    </QueryClientProvider>,
  );
}

describe('ParticipantsTab', () => {
  it('lists participants with their role, dates and the summary; no staff controls for others', async () => {
    renderTab(READER);
    const row = await screen.findByRole('row', { name: /Otto Owner/ });
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
    vi.mocked(fetchContacts).mockResolvedValue([
      { kind: 'user', id: 4, name: 'Vera Vendor', email: 'vera@acme.test', group_kind: null },
      { kind: 'group', id: 9, name: 'Beta Corp', email: null, group_kind: 'vendor' },
    ]);
    vi.mocked(addParticipants).mockResolvedValue({ added: [person(3), person(4)], skipped: [] });
    renderTab(STAFF);
    const input = await screen.findByLabelText('Add people or groups');
    await userEvent.type(input, 've');
    await userEvent.click(await screen.findByRole('option', { name: /Vera Vendor/ }));
    await userEvent.type(input, 'be');
    await userEvent.click(await screen.findByRole('option', { name: /Beta Corp/ }));
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'coordinator');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(addParticipants).toHaveBeenCalledWith(5, ['vera@acme.test', 'Beta Corp'], 'coordinator');
    expect(await screen.findByText('Added 2.')).toBeInTheDocument();
    expect(fetchParticipants).toHaveBeenCalledTimes(2);
  });

  it('changes a role inline', async () => {
    vi.mocked(changeParticipantRole).mockResolvedValue(person(2, { role: 'observer' }));
    renderTab(STAFF);
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Role of Acme PSIRT' }),
      'observer',
    );
    expect(changeParticipantRole).toHaveBeenCalledWith(2, 'observer');
  });

  it('removes after confirmation', async () => {
    vi.mocked(removeParticipant).mockResolvedValue(undefined);
    renderTab(STAFF);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Acme PSIRT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove participant' });
    expect(dialog).toHaveTextContent('Remove Acme PSIRT from this case?');
    expect(removeParticipant).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(removeParticipant).toHaveBeenCalledWith(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('notifies one, the selected, and all vendors', async () => {
    const answer = { notified: [], recipients: 3, contact_emails: 0 };
    vi.mocked(notifyParticipants).mockResolvedValue(answer);
    vi.mocked(notifyAllVendors).mockResolvedValue(answer);
    renderTab(STAFF);
    await userEvent.click(await screen.findByRole('button', { name: 'Notify Acme PSIRT' }));
    expect(notifyParticipants).toHaveBeenLastCalledWith(5, [2]);
    expect(await screen.findByText('Case notice sent to 3 users.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Otto Owner' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Acme PSIRT' }));
    await userEvent.click(screen.getByRole('button', { name: 'Notify selected (2)' }));
    expect(notifyParticipants).toHaveBeenLastCalledWith(5, [1, 2]);

    await userEvent.click(screen.getByRole('button', { name: 'Notify all vendors' }));
    expect(notifyAllVendors).toHaveBeenCalledWith(5);
  });

  it('renders 200 vendor participants as one table', async () => {
    const many = Array.from({ length: 200 }, (_, i) => person(i + 1, { name: `Vendor ${i + 1}` }));
    vi.mocked(fetchParticipants).mockResolvedValue({ count: 200, next: null, previous: null, results: many });
    renderTab(STAFF);
    expect(await screen.findByRole('row', { name: /Vendor 200\b/ })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(201);
  });
});

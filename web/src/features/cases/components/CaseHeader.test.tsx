import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaseDetail, CasePermissions } from '@cvdp/core';
import { AxiosError, AxiosHeaders } from 'axios';
import { expectReadableBadge } from '../../../test/contrast.ts';
import { Toasts } from '../../../components/Toasts.tsx';
import { clearToasts } from '../../../lib/toast.ts';
import { CaseHeader } from './CaseHeader.tsx';
import { fakeCaseCalls } from '../test-utils.ts';

let calls: ReturnType<typeof fakeCaseCalls>;
beforeEach(() => {
  calls = fakeCaseCalls();
  calls.fetchContacts.mockResolvedValue([]);
});
afterEach(() => {
  vi.restoreAllMocks();
  clearToasts();
});
beforeEach(() => {
  calls.fetchCaseRelation.mockResolvedValue({
    case: 5,
    role: null,
    roles: [],
    staff: true,
    muted: false,
    last_seen: null,
  });
});

const NONE: CasePermissions = {
  edit_case: false,
  change_status: false,
  manage_participants: false,
  assign: false,
  notify: false,
  edit_report: false,
  read_original: false,
  add_report: false,
  view_activity: false,
};
const STAFF: CasePermissions = Object.fromEntries(Object.keys(NONE).map((k) => [k, true])) as never;

const theCase = (over: Partial<CaseDetail> = {}): CaseDetail => ({
  id: 5,
  title: 'SQL injection in Acme Shop',
  summary: 'A summary',
  status: 0,
  status_label: 'Pending',
  owner: null,
  owners: [
    { id: 2, name: 'Cora Coordinator' },
    { id: 3, name: 'Otto Owner' },
  ],
  created_by: null,
  created: '2026-05-01T10:00:00Z',
  updated: '2026-05-03T10:00:00Z',
  resolution: null,
  due_date: '2026-06-30',
  public_date: '2026-07-15',
  tags: ['web', 'sqli'],
  activated: null,
  closed: null,
  report: null,
  ...over,
});

function renderHeader(c: CaseDetail, permissions: CasePermissions | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CaseHeader c={c} permissions={permissions} />
      <Toasts />
    </QueryClientProvider>,
  );
}

const badRequest = (detail: string) => {
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
      data: { detail },
    },
  );
};

describe('CaseHeader', () => {
  it('shows title, readable status, owners, dates as yyyy-MM-dd and tags', async () => {
    renderHeader(theCase(), NONE);
    expect(screen.getByRole('heading', { name: 'SQL injection in Acme Shop' })).toBeInTheDocument();
    expectReadableBadge(screen.getByText('Pending'));
    expect(screen.getByText(/Owners Cora Coordinator, Otto Owner/)).toBeInTheDocument();
    expect(
      screen.getByText('Created 2026-05-01 · Updated 2026-05-03 · Due 2026-06-30 · Public 2026-07-15'),
    ).toBeInTheDocument();
    const tags = screen.getByLabelText('Tags');
    expect(within(tags).getByText('web')).toBeInTheDocument();
    expectReadableBadge(within(tags).getByText('sqli'));
    expect(await screen.findByRole('checkbox', { name: 'Mute notifications' })).not.toBeChecked();
  });

  it('shows no action without the permissions', () => {
    renderHeader(theCase(), NONE);
    for (const name of ['Activate', 'Close', 'Reopen', 'Assign', 'Edit case'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('offers Activate and Close on a pending case, Reopen on a closed one', () => {
    renderHeader(theCase(), STAFF);
    expect(screen.getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit case' })).toBeInTheDocument();
  });

  it('reopens a closed case', async () => {
    calls.updateCase.mockResolvedValue(theCase({ status: 1 }));
    renderHeader(theCase({ status: 2, resolution: { id: 1, name: 'fixed', description: '' } }), STAFF);
    expect(screen.queryByRole('button', { name: 'Activate' })).not.toBeInTheDocument();
    expect(screen.getByText(/fixed/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(calls.updateCase).toHaveBeenCalledWith(5, { status: 1 });
    expect(
      await within(screen.getByRole('status', { name: 'Confirmations' })).findByText('Case reopened.'),
    ).toBeInTheDocument();
  });

  it('activates with a confirmation', async () => {
    calls.updateCase.mockResolvedValue(theCase({ status: 1 }));
    renderHeader(theCase(), STAFF);
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(calls.updateCase).toHaveBeenCalledWith(5, { status: 1 });
    expect(
      await within(screen.getByRole('status', { name: 'Confirmations' })).findByText('Case activated.'),
    ).toBeInTheDocument();
  });

  it("activates, and shows the server's detail when it refuses", async () => {
    calls.updateCase.mockRejectedValue(badRequest('An active case keeps at least one owner.'));
    renderHeader(theCase(), STAFF);
    await userEvent.click(screen.getByRole('button', { name: 'Activate' }));
    expect(calls.updateCase).toHaveBeenCalledWith(5, { status: 1 });
    expect(await screen.findByRole('alert')).toHaveTextContent('An active case keeps at least one owner.');
    // A refusal is no success: nothing is confirmed.
    expect(screen.getByRole('status', { name: 'Confirmations' })).toBeEmptyDOMElement();
  });

  it('closes only with a resolution', async () => {
    calls.fetchCaseListMetadata.mockResolvedValue({
      states: [],
      tags: [],
      roles: [],
      resolutions: [
        { id: 1, name: 'fixed', description: 'The vendor fixed it.' },
        { id: 2, name: 'duplicate', description: '' },
      ],
    });
    calls.updateCase.mockResolvedValue(theCase({ status: 2 }));
    renderHeader(theCase({ status: 1 }), STAFF);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the case' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close case' }));
    expect(within(dialog).getByText('A resolution is required to close a case.')).toBeVisible();
    expect(calls.updateCase).not.toHaveBeenCalled();
    await within(dialog).findByRole('option', { name: 'fixed' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Resolution'), 'fixed');
    expect(within(dialog).getByText('The vendor fixed it.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close case' }));
    expect(calls.updateCase).toHaveBeenCalledWith(5, { status: 2, resolution: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits title, dates and tags', async () => {
    calls.updateCase.mockResolvedValue(theCase());
    renderHeader(theCase(), STAFF);
    await userEvent.click(screen.getByRole('button', { name: 'Edit case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the case' });
    await userEvent.clear(within(dialog).getByLabelText('Title'));
    await userEvent.type(within(dialog).getByLabelText('Title'), 'New title');
    await userEvent.clear(within(dialog).getByLabelText('Public date'));
    await userEvent.clear(within(dialog).getByLabelText('Tags'));
    await userEvent.type(within(dialog).getByLabelText('Tags'), 'web, web, xss ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(calls.updateCase).toHaveBeenCalledWith(5, {
      title: 'New title',
      summary: 'A summary',
      due_date: '2026-06-30',
      public_date: null,
      tags: ['web', 'xss'],
    });
  });

  it('lists assignees, unassigns and auto-assigns by role', async () => {
    calls.fetchCaseAssignments.mockResolvedValue([
      {
        id: 7,
        case: 5,
        case_title: 't',
        case_status: 1,
        user: { id: 2, name: 'Cora Coordinator' },
        assigned_by: null,
        via: 'manual',
        created: '2026-05-02T10:00:00Z',
      },
    ]);
    calls.unassignCase.mockResolvedValue({});
    calls.assignCase.mockRejectedValue(badRequest('This auto-assignment role has no users.'));
    renderHeader(theCase({ status: 1 }), STAFF);
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assignment' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Unassign Cora Coordinator' }));
    expect(calls.unassignCase).toHaveBeenCalledWith(5, [2]);
    await userEvent.type(within(dialog).getByLabelText('Auto-assign by role'), 'web team');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Auto-assign' }));
    expect(calls.assignCase).toHaveBeenCalledWith(5, { role: 'web team' });
    expect(await within(dialog).findByText('This auto-assignment role has no users.')).toBeInTheDocument();
  });

  it('mutes the case', async () => {
    calls.setCaseMuted.mockResolvedValue({
      case: 5,
      role: null,
      roles: [],
      staff: true,
      muted: true,
      last_seen: null,
    });
    renderHeader(theCase(), NONE);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Mute notifications' }));
    expect(calls.setCaseMuted).toHaveBeenCalledWith(5, true);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Mute notifications' })).toBeChecked());
  });
});

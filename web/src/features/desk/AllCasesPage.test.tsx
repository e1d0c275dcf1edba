import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectReadableBadge } from '../../test/contrast.ts';
import { AllCasesPage } from './AllCasesPage.tsx';
import { MyCasesPage } from './MyCasesPage.tsx';
import { caseRow, fakeDeskCalls, page, renderAt, userWith } from './test-utils.tsx';

let calls: ReturnType<typeof fakeDeskCalls>;
beforeEach(() => {
  calls = fakeDeskCalls();
  calls.metadata.mockResolvedValue({
    states: [],
    tags: ['web', 'iot'],
    resolutions: [],
    roles: [],
  });
  calls.cases.mockResolvedValue(page([caseRow()]));
});
afterEach(() => vi.restoreAllMocks());

const lastCall = () => calls.cases.mock.calls.at(-1)![0];

describe('AllCasesPage', () => {
  it('reads its filters, ordering and page from the URL', async () => {
    calls.cases.mockResolvedValue(page([caseRow()], 45));
    renderAt(<AllCasesPage />, '/cvdp/cases?query=xss&status=0&status=1&tag=web&ordering=-updated&page=2');
    expect(await screen.findByRole('link', { name: 'SQL injection in Acme Shop' })).toHaveAttribute(
      'href',
      '/cvdp/cases/12',
    );
    expect(lastCall()).toEqual({
      query: 'xss',
      status: [0, 1],
      tag: 'web',
      ordering: '-updated',
      page: 2,
      page_size: 20,
    });
    expect(screen.getByLabelText('Words in title, summary or report')).toHaveValue('xss');
    expect(screen.getByLabelText('Pending')).toBeChecked();
    expect(screen.getByLabelText('Active')).toBeChecked();
    expect(screen.getByLabelText('Closed')).not.toBeChecked();
    expect(await screen.findByRole('option', { name: 'iot' })).toBeInTheDocument();
    expect(screen.getByLabelText('Tag')).toHaveValue('web');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Updated/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows when each case becomes public and filters by the embargo end', async () => {
    vi.useFakeTimers({ now: new Date('2027-03-30T12:00:00Z'), toFake: ['Date'] });
    calls.cases.mockResolvedValue(
      page([
        caseRow({ id: 1, title: 'In days', embargo_ends: '2027-04-02T13:00:00Z' }),
        caseRow({ id: 2, title: 'Tomorrow', embargo_ends: '2027-03-31T13:00:00Z' }),
        caseRow({ id: 3, title: 'Today', embargo_ends: '2027-03-30T18:00:00Z' }),
        caseRow({ id: 4, title: 'Past', embargo_ends: '2027-03-29T12:00:00Z' }),
        caseRow({ id: 5, title: 'No embargo' }),
      ]),
    );
    const { search } = renderAt(<AllCasesPage />, '/cvdp/cases');
    const table = await screen.findByRole('table', { name: 'All cases' });
    const publicIn = (title: string) => {
      const row = within(table).getByRole('link', { name: title }).closest('tr')!;
      const column = within(table)
        .getAllByRole('columnheader')
        .findIndex((h) => h.textContent === 'Public in');
      return within(row).getAllByRole('cell')[column].textContent;
    };
    expect(publicIn('In days')).toBe('3 days');
    expect(publicIn('Tomorrow')).toBe('1 day');
    expect(publicIn('Today')).toBe('today');
    expect(publicIn('Past')).toBe('ended');
    expect(publicIn('No embargo')).toBe('—');
    vi.useRealTimers();

    await userEvent.type(screen.getByLabelText('Embargo ends before'), '2027-04-15');
    expect(search().get('embargo_ends_before')).toBe('2027-04-15');
    await waitFor(() => expect(lastCall().embargo_ends_before).toBe('2027-04-15'));
  });

  it('cycles a header ascending → descending → none, in the URL and the call', async () => {
    const { search } = renderAt(<AllCasesPage />, '/cvdp/cases');
    const title = await screen.findByRole('button', { name: /Title/ });
    const header = () => screen.getByRole('columnheader', { name: /Title/ });
    expect(header()).toHaveAttribute('aria-sort', 'none');

    await userEvent.click(title);
    expect(search().get('ordering')).toBe('title');
    await waitFor(() => expect(lastCall().ordering).toBe('title'));
    expect(header()).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(screen.getByRole('button', { name: /Title/ }));
    expect(search().get('ordering')).toBe('-title');
    await waitFor(() => expect(lastCall().ordering).toBe('-title'));
    expect(header()).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(screen.getByRole('button', { name: /Title/ }));
    expect(search().has('ordering')).toBe(false);
    // Back to the unordered list (the first call's, cached here).
    expect(calls.cases.mock.calls.some(([p]) => p.ordering === undefined)).toBe(true);
    expect(header()).toHaveAttribute('aria-sort', 'none');
  });

  it('a status checkbox and the tag write the URL and start again at page 1', async () => {
    calls.cases.mockResolvedValue(page([caseRow()], 45));
    const { search } = renderAt(<AllCasesPage />, '/cvdp/cases?page=3');
    await userEvent.click(await screen.findByLabelText('Closed'));
    expect(search().getAll('status')).toEqual(['2']);
    expect(search().has('page')).toBe(false);
    await waitFor(() => expect(lastCall()).toMatchObject({ status: [2], page: 1 }));

    await screen.findByRole('option', { name: 'iot' });
    await userEvent.selectOptions(screen.getByLabelText('Tag'), 'iot');
    expect(search().get('tag')).toBe('iot');
    await waitFor(() => expect(lastCall()).toMatchObject({ status: [2], tag: 'iot' }));
  });

  it('the words filter reaches the URL once typing pauses', async () => {
    const { search } = renderAt(<AllCasesPage />, '/cvdp/cases');
    await userEvent.type(await screen.findByLabelText('Words in title, summary or report'), 'acme');
    expect(search().get('query')).toBeNull();
    await waitFor(() => expect(search().get('query')).toBe('acme'));
    await waitFor(() => expect(lastCall().query).toBe('acme'));
    // One call for the settled words, none per keystroke.
    expect(calls.cases.mock.calls.filter(([p]) => p.query && p.query !== 'acme')).toHaveLength(0);
  });

  it('the pager writes the page into the URL', async () => {
    calls.cases.mockResolvedValue(page([caseRow()], 45));
    const { search } = renderAt(<AllCasesPage />, '/cvdp/cases?ordering=id');
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByText('Next'));
    expect(search().get('page')).toBe('2');
    expect(search().get('ordering')).toBe('id');
    await waitFor(() => expect(lastCall()).toMatchObject({ page: 2, ordering: 'id' }));
  });

  it("says 'No data ...' without cases", async () => {
    calls.cases.mockResolvedValue(page([]));
    renderAt(<AllCasesPage />, '/cvdp/cases');
    expect(await screen.findByText('No data ...')).toBeInTheDocument();
  });

  it('shows every status as a readable badge (WCAG AA)', async () => {
    calls.cases.mockResolvedValue(
      page([
        caseRow({ id: 1, status: 0, title: 'a' }),
        caseRow({ id: 2, status: 1, title: 'b' }),
        caseRow({ id: 3, status: 2, title: 'c' }),
      ]),
    );
    renderAt(<AllCasesPage />, '/cvdp/cases');
    const table = await screen.findByRole('table');
    for (const label of ['Pending', 'Active', 'Closed']) expectReadableBadge(within(table).getByText(label));
  });

  it('keeps the URL state when the page is opened again (reload)', async () => {
    const first = renderAt(<AllCasesPage />, '/cvdp/cases');
    await userEvent.click(await screen.findByRole('button', { name: /Status/ }));
    await userEvent.click(screen.getByLabelText('Active'));
    const url = first.router.state.location.pathname + first.router.state.location.search;
    act(() => document.body.replaceChildren());
    renderAt(<AllCasesPage />, url);
    await screen.findByRole('link', { name: 'SQL injection in Acme Shop' });
    expect(lastCall()).toMatchObject({ ordering: 'status', status: [1] });
    expect(screen.getByLabelText('Active')).toBeChecked();
  });
});

describe('MyCasesPage', () => {
  it('a coordinator sees the open cases they own (owned=True, status 0 and 1)', async () => {
    renderAt(<MyCasesPage />, '/cvdp/my-cases', userWith(['coordinator']));
    await screen.findByRole('link', { name: 'SQL injection in Acme Shop' });
    expect(lastCall()).toMatchObject({ owned: 'True', status: [0, 1], page: 1 });
    expect(document.title).toBe('My cases · CVDP');
  });

  it('anyone else sees the open cases they take part in', async () => {
    renderAt(<MyCasesPage />, '/cvdp/my-cases', userWith(['reporter']));
    await screen.findByRole('link', { name: 'SQL injection in Acme Shop' });
    expect(lastCall()).toMatchObject({ status: [0, 1] });
    expect(lastCall()).not.toHaveProperty('owned');
  });
});

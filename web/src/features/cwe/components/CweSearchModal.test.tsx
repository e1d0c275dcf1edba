// HTTP is stubbed by mocking api/search-cwes.ts (the module the components call), so these tests cover the modal
// itself: texts, badges, paging, selection, the 5-CWE limit and quiet failures.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchCwePage, searchCwes } from '../api/search-cwes.ts';
import {
  category,
  child,
  cweEntry,
  deprecated,
  inputValidation,
  page,
  reviewed,
  xss,
} from '../test/fixtures.ts';
import { CweSearchModal, type CweSearchModalProps } from './CweSearchModal.tsx';

vi.mock('../api/search-cwes.ts', () => ({ searchCwes: vi.fn(), fetchCwePage: vi.fn() }));
const search = vi.mocked(searchCwes);
const fetchPage = vi.mocked(fetchCwePage);

function renderModal(props: Partial<CweSearchModalProps> = {}) {
  const onCancel = vi.fn();
  const onSubmit = vi.fn();
  render(<CweSearchModal show selected={[]} onCancel={onCancel} onSubmit={onSubmit} {...props} />);
  return { onCancel, onSubmit: (props.onSubmit as typeof onSubmit | undefined) ?? onSubmit };
}

const row = (cwe: string) => screen.getByRole('cell', { name: cwe }).closest('tr')!;

beforeEach(() => {
  search.mockResolvedValue(page([category, inputValidation, reviewed, xss], null, 4));
});
afterEach(() => vi.clearAllMocks());

describe('CweSearchModal', () => {
  it('shows the title, the count and one row per CWE, asking for 100 per page', async () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Search CWEs' })).toBeInTheDocument();
    expect(await screen.findByText('Found 4 CWEs')).toBeInTheDocument();
    expect(search).toHaveBeenCalledWith(
      { search: '', pageSize: 100, deprecated: false },
      expect.any(AbortSignal),
    );
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Select', 'CWE-ID', 'Notes', 'Description', 'Children']);
    expect(within(row('CWE-79')).getByText(xss.name)).toBeInTheDocument();
    expect(within(row('CWE-79')).getByText(xss.description)).toBeInTheDocument();
  });

  it('colours the usage badge and adds NVD for the 1003 slice', async () => {
    renderModal();
    await screen.findByText('Found 4 CWEs');
    const badge = (cwe: string, text: string) => within(row(cwe)).getByText(text);
    expect(badge('CWE-79', 'Allowed')).toHaveClass('bg-success');
    expect(badge('CWE-20', 'Discouraged')).toHaveClass('bg-warning');
    expect(badge('CWE-1', 'Prohibited')).toHaveClass('bg-danger');
    expect(badge('CWE-74', 'Allowed-with-Review')).toHaveClass('bg-info');
    expect(within(row('CWE-79')).getByText('NVD')).toBeInTheDocument();
    expect(within(row('CWE-20')).getByText('NVD')).toBeInTheDocument();
    expect(within(row('CWE-1')).queryByText('NVD')).not.toBeInTheDocument();
  });

  it('expands children, and says when there are none', async () => {
    const user = userEvent.setup();
    renderModal();
    await screen.findByText('Found 4 CWEs');
    expect(within(row('CWE-20')).getByText('No children')).toBeInTheDocument();
    expect(within(row('CWE-79')).queryByText('CWE-80: Basic XSS')).not.toBeInTheDocument();
    await user.click(within(row('CWE-79')).getByRole('button', { name: 'Show 2 children' }));
    expect(within(row('CWE-79')).getByLabelText('CWE-80: Basic XSS')).toBeInTheDocument();
    expect(within(row('CWE-79')).getByLabelText('CWE-87: Alternate XSS Syntax')).toBeInTheDocument();
    await user.click(within(row('CWE-79')).getByRole('button', { name: 'Hide children' }));
    expect(within(row('CWE-79')).queryByText('CWE-80: Basic XSS')).not.toBeInTheDocument();
  });

  it('searches the keyword typed', async () => {
    const user = userEvent.setup();
    renderModal();
    await screen.findByText('Found 4 CWEs');
    search.mockResolvedValue(page([xss]));
    await user.type(screen.getByLabelText('Keyword'), 'xss');
    expect(await screen.findByText('Found 1 CWEs')).toBeInTheDocument();
    expect(search).toHaveBeenLastCalledWith(
      { search: 'xss', pageSize: 100, deprecated: false },
      expect.any(AbortSignal),
    );
    // Debounced: one request for the whole word, not one per key.
    expect(search.mock.calls.map(([params]) => params.search)).toEqual(['', 'xss']);
  });

  it('appends the next page with Load More, and hides it on the last page', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 100 }, (_, i) => cweEntry(i + 1));
    search.mockResolvedValue(page(first, 'http://host/api/cwe/?page=2&page_size=100', 150));
    fetchPage.mockResolvedValue(page([cweEntry(101), cweEntry(102)], null, 150));
    renderModal();
    expect(await screen.findByText('Found 150 CWEs')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(101); // header + 100
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(103));
    expect(fetchPage).toHaveBeenCalledWith('http://host/api/cwe/?page=2&page_size=100');
    expect(screen.getByRole('cell', { name: 'CWE-102' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it("shows 'No data ...' when nothing matches", async () => {
    search.mockResolvedValue(page([]));
    renderModal();
    expect(await screen.findByText('Found 0 CWEs')).toBeInTheDocument();
    expect(screen.getByText('No data ...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('collects selected CWEs and submits them; Cancel cancels', async () => {
    const user = userEvent.setup();
    const { onSubmit, onCancel } = renderModal({ selected: ['cwe-20'] });
    await screen.findByText('Found 4 CWEs');
    const selectedList = () => screen.getByRole('region', { name: 'Selected CWEs' });
    expect(within(selectedList()).getByText('CWE-20')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select CWE-20' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select CWE-79' }));
    await user.click(within(row('CWE-79')).getByRole('button', { name: 'Show 2 children' }));
    await user.click(screen.getByLabelText('CWE-87: Alternate XSS Syntax'));
    await user.click(screen.getByRole('button', { name: 'Remove CWE-20' }));
    expect(screen.getByRole('checkbox', { name: 'Select CWE-20' })).not.toBeChecked();
    expect(
      within(selectedList())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['CWE-79', 'CWE-87']);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith(['CWE-79', 'CWE-87']);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('refuses a sixth CWE with a visible message', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderModal({ selected: ['CWE-1', 'CWE-2', 'CWE-3', 'CWE-4', 'CWE-5'] });
    await screen.findByText('Found 4 CWEs');
    expect(screen.queryByText('Max limit of 5 CWEs')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select CWE-79' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Max limit of 5 CWEs');
    expect(screen.getByRole('checkbox', { name: 'Select CWE-79' })).not.toBeChecked();
    // Making room clears the message and allows the pick.
    await user.click(screen.getByRole('checkbox', { name: 'Select CWE-1' }));
    expect(screen.queryByText('Max limit of 5 CWEs')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select CWE-79' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith(['CWE-2', 'CWE-3', 'CWE-4', 'CWE-5', 'CWE-79']);
  });

  it("hides retired entries until 'Show deprecated' is ticked, then marks them", async () => {
    const user = userEvent.setup();
    renderModal();
    await screen.findByText('Found 4 CWEs');
    const showDeprecated = screen.getByRole('checkbox', { name: 'Show deprecated' });
    expect(showDeprecated).not.toBeChecked();
    search.mockResolvedValue(page([category, deprecated, xss]));
    await user.click(showDeprecated);
    expect(await screen.findByText('Found 3 CWEs')).toBeInTheDocument();
    expect(search).toHaveBeenLastCalledWith(
      { search: '', pageSize: 100, deprecated: true },
      expect.any(AbortSignal),
    );
    expect(within(row('CWE-2')).getByText('Deprecated')).toHaveClass('bg-secondary');
    expect(within(row('CWE-79')).queryByText('Deprecated')).not.toBeInTheDocument();
  });

  it('never ticks a Prohibited entry: its checkbox is disabled and described by the reason', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderModal();
    await screen.findByText('Found 4 CWEs');
    const box = screen.getByRole('checkbox', { name: 'Select CWE-1' });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription('Cannot be selected: This entry is a Category.');
    expect(within(row('CWE-1')).getByText('Cannot be selected: This entry is a Category.')).toBeVisible();
    await user.click(box);
    expect(box).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select CWE-79' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith([]);
  });

  it('lets a Prohibited CWE chosen before the rule be unticked, but not ticked again', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderModal({ selected: ['CWE-1'] });
    await screen.findByText('Found 4 CWEs');
    const box = screen.getByRole('checkbox', { name: 'Select CWE-1' });
    expect(box).toBeChecked();
    expect(box).toBeEnabled();
    await user.click(box);
    expect(box).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith([]);
  });

  it('disables a Prohibited child and asks before a Discouraged one', async () => {
    const user = userEvent.setup();
    const parent = cweEntry(707, {
      children: [
        child(20, 'Improper Input Validation', {
          usage: 'Discouraged',
          mapping_note: inputValidation.mapping_note,
        }),
        child(1003, 'A view', {
          usage: 'Prohibited',
          mapping_note: { rationale: 'This entry is a View.', comments: '' },
        }),
      ],
    });
    search.mockResolvedValue(page([parent]));
    renderModal();
    await user.click(await screen.findByRole('button', { name: 'Show 2 children' }));
    const view = screen.getByLabelText('CWE-1003: A view');
    expect(view).toBeDisabled();
    expect(view).toHaveAccessibleDescription('Cannot be selected: This entry is a View.');
    await user.click(screen.getByLabelText('CWE-20: Improper Input Validation'));
    expect(
      await screen.findByRole('dialog', { name: 'Use CWE-20 although MITRE discourages it?' }),
    ).toBeInTheDocument();
  });

  it("asks before a Discouraged entry, showing MITRE's note; Cancel leaves it out, confirming takes it", async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderModal();
    await screen.findByText('Found 4 CWEs');
    await user.click(screen.getByRole('checkbox', { name: 'Select CWE-20' }));
    const ask = await screen.findByRole('dialog', { name: 'Use CWE-20 although MITRE discourages it?' });
    expect(ask).toHaveTextContent(
      'MITRE discourages mapping vulnerabilities to CWE-20: Improper Input Validation.',
    );
    expect(ask).toHaveTextContent(
      'Why: CWE-20 is commonly misused in low-information vulnerability reports.',
    );
    expect(ask).toHaveTextContent('MITRE suggests: Consider lower-level children such as CWE-1284.');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(ask).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Select CWE-20' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select CWE-20' }));
    const again = await screen.findByRole('dialog', { name: /^Use CWE-20/ });
    await user.click(within(again).getByRole('button', { name: 'Use CWE-20' }));
    await waitFor(() => expect(again).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Select CWE-20' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith(['CWE-20']);
  });

  it('keeps the selection and the limit message above the scrolling table, and stacks rows on a phone', async () => {
    const user = userEvent.setup();
    renderModal({ selected: ['CWE-11', 'CWE-12', 'CWE-13', 'CWE-14', 'CWE-15'] });
    await screen.findByText('Found 4 CWEs');
    await user.click(screen.getByRole('checkbox', { name: 'Select CWE-79' }));
    const selected = screen.getByRole('region', { name: 'Selected CWEs' });
    const table = screen.getByRole('table', { name: 'CWEs found' });
    const body = table.closest('.modal-body')!;
    // The scrolling part is the body with the table; the selection and its message are outside it, before it.
    expect(body).not.toContainElement(selected);
    expect(selected.compareDocumentPosition(body) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(selected).getByRole('alert')).toHaveTextContent('Max limit of 5 CWEs');
    // Below 576 px the rows become label/value blocks (styles.css .table-stack): the checkbox and the id
    // are the first two lines of each.
    expect(table).toHaveClass('table-stack');
    const cells = within(row('CWE-79')).getAllByRole('cell');
    expect(cells.slice(0, 2).map((c) => c.dataset.label)).toEqual(['Select', 'CWE-ID']);
    expect(within(cells[0]).getByRole('checkbox', { name: 'Select CWE-79' })).toBeInTheDocument();
  });

  it('disables Submit only while submitting', async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderModal({ onSubmit });
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(submit).toBeDisabled();
    finish();
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('only logs a failed search', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    search.mockRejectedValue(new Error('Network Error'));
    renderModal();
    await waitFor(() => expect(logged).toHaveBeenCalledWith('CWE search failed', expect.any(Error)));
    expect(screen.queryByText(/Network Error|error/i)).not.toBeInTheDocument();
    expect(screen.getByText('No data ...')).toBeInTheDocument();
    logged.mockRestore();
  });
});

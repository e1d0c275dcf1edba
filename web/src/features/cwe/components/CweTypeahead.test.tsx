// HTTP is stubbed by mocking api/search-cwes.ts (the module the components call); the typeahead itself is real
// react-bootstrap-typeahead, so texts, debounce, minimum length and menu behaviour are the library's own.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CweSearchPage } from '@cvdp/core';
import { fetchCwePage, searchCwes } from '../api/search-cwes.ts';
import { category, cweEntry, inputValidation, page, xss } from '../test/fixtures.ts';
import { CweTypeahead } from './CweTypeahead.tsx';

vi.mock('../api/search-cwes.ts', () => ({ searchCwes: vi.fn(), fetchCwePage: vi.fn() }));
const search = vi.mocked(searchCwes);
const fetchPage = vi.mocked(fetchCwePage);

function Controlled({ initial = [], onChange }: { initial?: string[]; onChange?: (cwes: string[]) => void }) {
  const [selected, setSelected] = useState(initial);
  return (
    <CweTypeahead
      id="cwes"
      selected={selected}
      onChange={(cwes) => {
        onChange?.(cwes);
        setSelected(cwes);
      }}
    />
  );
}

// The placeholder goes away once CWEs are picked, so find the input by role.
const input = () => screen.getByRole('combobox');
const options = () => screen.queryAllByRole('option');

beforeEach(() => {
  search.mockResolvedValue(page([xss, inputValidation]));
});
afterEach(() => vi.clearAllMocks());

describe('CweTypeahead', () => {
  it("prompts 'Type to search...' as soon as the empty field is focused, and below 2 characters", async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    expect(screen.queryByText('Type to search...')).not.toBeInTheDocument();
    await user.click(input());
    expect(await screen.findByText('Type to search...')).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    // Multi-selection is the listbox's property; ARIA does not allow it on a combobox input.
    expect(input()).not.toHaveAttribute('aria-multiselectable');
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
    await user.type(input(), 'x');
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getByText('Type to search...')).toBeInTheDocument();
    expect(screen.queryByText('No matches found.')).not.toBeInTheDocument();
    expect(search).not.toHaveBeenCalled();
  });

  it('searches from 2 characters, after a pause, 200 per page', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.type(input(), 'x');
    await new Promise((r) => setTimeout(r, 300));
    expect(search).not.toHaveBeenCalled();
    await user.type(input(), 'ss');
    // Within the 200 ms pause the menu prompts; nothing was asked yet.
    expect(screen.getByText('Type to search...')).toBeInTheDocument();
    expect(search).not.toHaveBeenCalled();
    await waitFor(() => expect(search).toHaveBeenCalledTimes(1));
    expect(search).toHaveBeenCalledWith({ search: 'xss', pageSize: 200, deprecated: false });
    expect(
      await screen.findByRole('option', { name: /^CWE-79: Improper Neutralization/ }),
    ).toBeInTheDocument();
  });

  it("says 'Searching...' while waiting and 'No matches found.' for nothing", async () => {
    const user = userEvent.setup();
    let answer!: (p: CweSearchPage) => void;
    search.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<Controlled />);
    await user.type(input(), 'zzzz');
    expect(await screen.findByText('Searching...')).toBeInTheDocument();
    await act(async () => answer(page([])));
    expect(await screen.findByText('No matches found.')).toBeInTheDocument();
  });

  it('picks an option as a CWE id and leaves it out of the menu', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await user.type(input(), 'xss');
    await user.click(await screen.findByRole('option', { name: /^CWE-79:/ }));
    expect(onChange).toHaveBeenLastCalledWith(['CWE-79']);
    expect(screen.getByText('CWE-79', { selector: '.rbt-token *, .rbt-token' })).toBeInTheDocument();
    await user.type(input(), 'xss');
    await screen.findByRole('option', { name: /^CWE-20:/ });
    expect(screen.queryByRole('option', { name: /^CWE-79:/ })).not.toBeInTheDocument();
  });

  it('caches results per term', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.type(input(), 'xss');
    await screen.findByRole('option', { name: /^CWE-79:/ });
    await user.clear(input());
    await user.type(input(), 'in');
    await waitFor(() => expect(search).toHaveBeenCalledTimes(2));
    await user.clear(input());
    await user.type(input(), 'xss');
    expect(await screen.findByRole('option', { name: /^CWE-79:/ })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(search.mock.calls.map(([params]) => params.search)).toEqual(['xss', 'in']);
  });

  it('refuses a sixth CWE with a visible message', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled initial={['CWE-1', 'CWE-2', 'CWE-3', 'CWE-4', 'CWE-5']} onChange={onChange} />);
    await user.type(input(), 'xss');
    await user.click(await screen.findByRole('option', { name: /^CWE-79:/ }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Max limit of 5 CWEs');
    expect(document.querySelectorAll('.rbt-token')).toHaveLength(5);
  });

  it("names each token's remove button after its CWE, and removes that one", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled initial={['CWE-79', 'CWE-89']} onChange={onChange} />);
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove CWE-79' }));
    expect(onChange).toHaveBeenLastCalledWith(['CWE-89']);
    expect(screen.queryByRole('button', { name: 'Remove CWE-79' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove CWE-89' })).toBeInTheDocument();
  });

  it('shows a Prohibited entry with its reason but never picks it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    search.mockResolvedValue(page([category, xss]));
    render(<Controlled onChange={onChange} />);
    await user.type(input(), 'cat');
    const option = await screen.findByRole('option', { name: /^CWE-1: A category/ });
    expect(option).toHaveAttribute('aria-disabled', 'true');
    expect(option).toHaveAccessibleName('CWE-1: A category. Cannot be selected: This entry is a Category.');
    expect(option).toHaveTextContent('Cannot be selected: This entry is a Category.');
    fireEvent.click(option);
    expect(onChange).not.toHaveBeenCalled();
    expect(document.querySelectorAll('.rbt-token')).toHaveLength(0);
  });

  it("asks before a Discouraged entry with MITRE's note; Cancel leaves it out, confirming picks it", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await user.type(input(), 'val');
    await user.click(
      await screen.findByRole('option', { name: /^CWE-20: Improper Input Validation, Discouraged/ }),
    );
    const ask = await screen.findByRole('dialog', { name: 'Use CWE-20 although MITRE discourages it?' });
    expect(ask).toHaveTextContent('Why: CWE-20 is commonly misused');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(ask).not.toBeInTheDocument());
    expect(onChange).not.toHaveBeenCalled();

    await user.type(input(), 'val');
    await user.click(await screen.findByRole('option', { name: /^CWE-20:/ }));
    const again = await screen.findByRole('dialog', { name: /^Use CWE-20/ });
    await user.click(within(again).getByRole('button', { name: 'Use CWE-20' }));
    expect(onChange).toHaveBeenLastCalledWith(['CWE-20']);
  });

  it('asks for retired entries only when the field shows them, and asks again when that changes', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<CweTypeahead id="cwes" selected={[]} onChange={() => undefined} />);
    await user.type(input(), 'xss');
    await waitFor(() =>
      expect(search).toHaveBeenLastCalledWith({ search: 'xss', pageSize: 200, deprecated: false }),
    );
    rerender(<CweTypeahead id="cwes" selected={[]} onChange={() => undefined} showDeprecated />);
    await waitFor(() =>
      expect(search).toHaveBeenLastCalledWith({ search: 'xss', pageSize: 200, deprecated: true }),
    );
    expect(search).toHaveBeenCalledTimes(2);
  });

  it('puts the id on the input, so a label names it', () => {
    render(
      <>
        <label htmlFor="vul-1-cwes">Problem types (CWE)</label>
        <CweTypeahead id="vul-1-cwes" selected={[]} onChange={() => undefined} />
      </>,
    );
    expect(screen.getByLabelText('Problem types (CWE)')).toBe(input());
    expect(document.querySelectorAll('#vul-1-cwes')).toHaveLength(1);
  });

  it('shows the placeholder and marks the field invalid', () => {
    const { rerender } = render(<CweTypeahead id="cwes" selected={[]} onChange={() => undefined} />);
    expect(input()).toHaveAttribute('placeholder', 'Add problem type(s)...');
    expect(input().closest('.form-control')).not.toHaveClass('is-invalid');
    rerender(<CweTypeahead id="cwes" selected={[]} onChange={() => undefined} isInvalid />);
    expect(input().closest('.form-control')).toHaveClass('is-invalid');
  });

  it('shows 100 options, more on scrolling past 80%, then loads the next page', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 200 }, (_, i) => cweEntry(i + 1));
    search.mockResolvedValue(page(first, 'http://host/api/cwe/?search=weak&page=2&page_size=200', 250));
    let answer!: (p: CweSearchPage) => void;
    fetchPage.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<Controlled />);
    await user.type(input(), 'weak');
    await waitFor(() => expect(options()).toHaveLength(100));

    const menu = screen.getByRole('listbox');
    const scrollTo = (top: number) => {
      Object.defineProperty(menu, 'scrollHeight', { configurable: true, value: 1000 });
      Object.defineProperty(menu, 'clientHeight', { configurable: true, value: 300 });
      Object.defineProperty(menu, 'scrollTop', { configurable: true, value: top });
      fireEvent.scroll(menu);
    };
    scrollTo(400); // 700 of 1000: below the threshold
    await new Promise((r) => setTimeout(r, 200));
    expect(options()).toHaveLength(100);

    scrollTo(600); // 900 of 1000
    await waitFor(() => expect(options()).toHaveLength(200));
    expect(fetchPage).not.toHaveBeenCalled();

    await new Promise((r) => setTimeout(r, 200)); // past the 150 ms throttle
    scrollTo(700);
    await waitFor(() =>
      expect(fetchPage).toHaveBeenCalledWith('http://host/api/cwe/?search=weak&page=2&page_size=200'),
    );
    expect(screen.getByText('Loading more...')).toBeInTheDocument();
    await act(async () =>
      answer(
        page(
          Array.from({ length: 50 }, (_, i) => cweEntry(i + 201)),
          null,
          250,
        ),
      ),
    );
    await waitFor(() => expect(screen.queryByText('Loading more...')).not.toBeInTheDocument());
    // The new page shows without another scroll.
    expect(options()).toHaveLength(250);

    await new Promise((r) => setTimeout(r, 200));
    scrollTo(700); // the last page: nothing more to ask for
    await new Promise((r) => setTimeout(r, 200));
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('throttles scroll checks to one per 150 ms', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 200 }, (_, i) => cweEntry(i + 1));
    search.mockResolvedValue(page(first, 'http://host/next', 400));
    fetchPage.mockResolvedValue(page([], null, 400));
    render(<Controlled />);
    await user.type(input(), 'weak');
    await waitFor(() => expect(options()).toHaveLength(100));
    const menu = screen.getByRole('listbox');
    Object.defineProperty(menu, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(menu, 'clientHeight', { configurable: true, value: 300 });
    Object.defineProperty(menu, 'scrollTop', { configurable: true, value: 700 });
    // A burst of scroll events within one window: the first shows 100 more, the trailing one (after 150 ms)
    // finds everything shown and asks for the next page. Unthrottled, the burst would do both at once.
    // (fireEvent re-renders between events, so without the throttle the second event would already fetch.)
    // The clock is held still so a slow render between events cannot end the window early.
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    for (let i = 0; i < 10; i++) fireEvent.scroll(menu);
    now.mockRestore();
    expect(options()).toHaveLength(200);
    expect(fetchPage).not.toHaveBeenCalled();
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 200));
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('only logs a failed search', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    search.mockRejectedValue(new Error('Network Error'));
    render(<Controlled />);
    await user.type(input(), 'xss');
    await waitFor(() => expect(logged).toHaveBeenCalledWith('CWE search failed', expect.any(Error)));
    expect(await screen.findByText('No matches found.')).toBeInTheDocument();
    expect(screen.queryByText(/Network Error/)).not.toBeInTheDocument();
    logged.mockRestore();
  });
});

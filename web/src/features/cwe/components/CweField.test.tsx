// HTTP is stubbed by mocking api/search-cwes.ts; this checks the wiring between the typeahead, the search button and
// the modal, which edit one list.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchCwes } from '../api/search-cwes.ts';
import { inputValidation, page, xss } from '../test/fixtures.ts';
import { CweField } from '../index.ts';

vi.mock('../api/search-cwes.ts', () => ({ searchCwes: vi.fn(), fetchCwePage: vi.fn() }));
const search = vi.mocked(searchCwes);

function Form({ onChange, error }: { onChange: (cwes: string[]) => void; error?: string }) {
  const [value, setValue] = useState(['CWE-20']);
  return (
    <CweField
      id="vul-0-cwes"
      value={value}
      error={error}
      onChange={(cwes) => {
        onChange(cwes);
        setValue(cwes);
      }}
    />
  );
}

beforeEach(() => search.mockResolvedValue(page([inputValidation, xss])));
afterEach(() => vi.clearAllMocks());

describe('CweField', () => {
  it('opens the modal from the search button and takes its selection', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Form onChange={onChange} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Search CWEs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search CWEs' });
    await within(dialog).findByText('Found 2 CWEs');
    expect(within(dialog).getByRole('checkbox', { name: 'Select CWE-20' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Select CWE-79' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(onChange).toHaveBeenCalledWith(['CWE-20', 'CWE-79']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The typeahead shows the new list as tokens.
    expect([...document.querySelectorAll('.rbt-token')].map((t) => t.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('CWE-20'), expect.stringContaining('CWE-79')]),
    );
  });

  it("shares 'Show deprecated' between the modal and the typeahead", async () => {
    const user = userEvent.setup();
    render(<Form onChange={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Search CWEs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search CWEs' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Show deprecated' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.type(screen.getByRole('combobox'), 'old');
    await waitFor(() =>
      expect(search).toHaveBeenLastCalledWith({ search: 'old', pageSize: 200, deprecated: true }),
    );
    // Opened again, the modal still shows them.
    await user.click(screen.getByRole('button', { name: 'Search CWEs' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Search CWEs' })).getByRole('checkbox', {
        name: 'Show deprecated',
      }),
    ).toBeChecked();
  });

  it('Cancel leaves the value alone', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Form onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Search CWEs' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the form error under the field', () => {
    render(<Form onChange={() => undefined} error="Max limit of 5 CWEs" />);
    expect(screen.getByText('Max limit of 5 CWEs')).toBeInTheDocument();
    expect(screen.getByRole('combobox').closest('.form-control')).toHaveClass('is-invalid');
  });
});

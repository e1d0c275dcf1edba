// The Tags page lists every tag in use with its count, and renames, merges and deletes through the
// manage/tags/usage/ calls, saying what happened; a delete first says how many carry the tag.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AxiosResponse } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TagUsage } from '@cvdp/core/catalogue/tag-usage';
import { coordinationApi } from '../../lib/api-client.ts';
import { TagsPage } from './TagsPage.tsx';
import { refusal } from '../../test/refusal.ts';

/** The first render loads the components: give it time on a busy machine. */
const SLOW = { timeout: 5000 };

const api = {
  get: vi.spyOn(coordinationApi, 'get'),
  options: vi.spyOn(coordinationApi, 'options'),
  post: vi.spyOn(coordinationApi, 'post'),
};
const answer = (data: unknown) => Promise.resolve({ data } as AxiosResponse);

const ics: TagUsage = { kind: 'case', name: 'ICS', catalogue_id: 9, description: 'Industrial', used_by: 3 };
const legacy: TagUsage = { kind: 'case', name: 'legacy', catalogue_id: null, description: '', used_by: 1 };
const memory: TagUsage = { kind: 'vul', name: 'Memory', catalogue_id: null, description: '', used_by: 2 };

beforeEach(() => {
  api.get.mockImplementation((url) =>
    url === 'manage/tags/usage/' ? answer([ics, legacy, memory]) : Promise.reject(new Error(url)),
  );
  api.options.mockImplementation(() =>
    answer({
      kinds: [
        { value: 'case', display_name: 'Case' },
        { value: 'vul', display_name: 'Vulnerability' },
      ],
    }),
  );
});
afterEach(() => vi.clearAllMocks());

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <TagsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('TagsPage', () => {
  it('lists the tags in use per kind with how many carry each, those outside the catalogue too', async () => {
    renderPage();
    const caseTags = await screen.findByRole('table', { name: 'Case tags' }, SLOW);
    expect(within(caseTags).getByRole('row', { name: /ICS/ })).toHaveTextContent('3 cases');
    const carried = within(caseTags).getByRole('row', { name: /legacy/ });
    expect(carried).toHaveTextContent('Not in the catalogue');
    expect(carried).toHaveTextContent('1 case');
    const vulTags = screen.getByRole('table', { name: 'Vulnerability tags' });
    expect(within(vulTags).getByRole('row', { name: /Memory/ })).toHaveTextContent('2 vulnerabilities');
  });

  it('deletes after saying how many cases carry the tag, then says it happened', async () => {
    api.post.mockImplementation(() => answer({ kind: 'case', name: 'ICS', removed_from: 3 }));
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete case tag ICS' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the tag “ICS”?' });
    expect(dialog).toHaveTextContent(
      'It is removed from 3 cases and from the catalogue. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(api.post).toHaveBeenCalledWith('manage/tags/usage/remove/', { kind: 'case', name: 'ICS' });
    expect(await screen.findByText('Tag “ICS” deleted; it was removed from 3 cases.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Tag “ICS” deleted');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('renames a tag only in use everywhere, shows a taken name’s refusal, and says what was renamed', async () => {
    api.post
      .mockRejectedValueOnce(
        refusal(409, {
          detail: 'Another tag of this kind is already called “ICS”. Merge the two tags instead of renaming.',
          errors: { new_name: ['Another tag …'] },
        }),
      )
      .mockImplementationOnce(() => answer({ ...legacy, name: 'Legacy systems' }));
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit case tag legacy' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    const nameField = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(nameField);
    await user.type(nameField, 'ics');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Merge the two tags instead of renaming/)).toBeInTheDocument();
    // A tag outside the catalogue sends no empty description (it would not join the catalogue).
    expect(api.post).toHaveBeenLastCalledWith('manage/tags/usage/rename/', {
      kind: 'case',
      name: 'legacy',
      new_name: 'ics',
    });

    await user.clear(nameField);
    await user.type(nameField, 'Legacy systems');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Tag “legacy” renamed to “Legacy systems” on 1 case.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('merges a tag into another of its kind (only those are offered) and says so', async () => {
    api.post.mockImplementation(() => answer({ ...ics, used_by: 4 }));
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Merge case tag legacy' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Merge tag legacy' });
    expect(dialog).toHaveTextContent('“legacy” is on 1 case.');
    const target = within(dialog).getByRole('combobox', { name: /Merge into/ });
    // Only the other tags of the same kind are offered.
    expect(
      within(target)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['ICS (3 cases)']);
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(api.post).toHaveBeenCalledWith('manage/tags/usage/merge/', {
      kind: 'case',
      source: 'legacy',
      target: 'ICS',
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Tag “legacy” merged into “ICS”, which 4 cases now carry.',
    );
  });
});

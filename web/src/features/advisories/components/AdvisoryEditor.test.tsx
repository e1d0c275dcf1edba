import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdvisoryRevision } from '@cvdp/core';
import { queryKeys } from '../../../lib/query-keys.ts';
import { fakeAdvisoryCalls } from '../test-utils.ts';
import { AdvisoryEditor } from './AdvisoryEditor.tsx';
import { fieldRefusal } from '../../../test/refusal.ts';

/** The first render loads the components: give it time on a busy machine. */
const SLOW = { timeout: 5000 };

// The calls are answered at the API client, under the real hooks: what the server answers, what was sent.
let calls: ReturnType<typeof fakeAdvisoryCalls>;
beforeEach(() => {
  calls = fakeAdvisoryCalls();
});
afterEach(() => vi.restoreAllMocks());

const revision = (over: Partial<AdvisoryRevision> = {}): AdvisoryRevision => ({
  id: 1,
  case: 7,
  revision: 1,
  title: 'Gizmo flaws',
  summary: 'Two flaws.',
  content: '## Overview',
  html: '<h2>Overview</h2>',
  impact: '',
  solution: 'Upgrade.',
  references: ['https://gizmo.example/a'],
  credits: ['Ana'],
  vulnerabilities: [3, 4],
  source: 'editor',
  shared: false,
  date_shared: null,
  published: false,
  date_published: null,
  created_by: null,
  created: '2026-01-01T00:00:00Z',
  updated: '2026-01-01T00:00:00Z',
  approvals: { pending: 0, approved: 0, changes_requested: 0 },
  ...over,
});

function renderEditor(onDone: () => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The revisions the tab shows: a saved revision must mark them stale before the editor closes.
  client.setQueryData(queryKeys.advisories.revisions(7), [revision()]);
  render(
    <QueryClientProvider client={client}>
      <AdvisoryEditor caseId={7} from={revision()} onDone={onDone} />
    </QueryClientProvider>,
  );
  return client;
}

describe('AdvisoryEditor', () => {
  it('sends references and credits one a line as lists, with the vulnerabilities of the revision it starts from', async () => {
    calls.saveRevision.mockResolvedValue(revision({ id: 2, revision: 2 }));
    let staleWhenDone: boolean | undefined;
    const client = renderEditor(() => {
      staleWhenDone = client.getQueryState(queryKeys.advisories.revisions(7))?.isInvalidated;
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New revision of the advisory' }, SLOW);
    const references = within(form).getByLabelText('References');
    await user.type(references, '\n\n not a link ');
    await user.click(within(form).getByRole('button', { name: 'Save revision' }));
    expect(await within(form).findByText('A reference is an http(s) URL.')).toBeInTheDocument();
    expect(references).toHaveAccessibleDescription(/A reference is an http\(s\) URL\./);
    expect(calls.saveRevision).not.toHaveBeenCalled();

    await user.clear(references);
    await user.type(references, 'https://gizmo.example/a\n\n  https://gizmo.example/b  ');
    await user.type(within(form).getByLabelText('Credits'), '\nBo');
    calls.fetchMarkdownPreview.mockResolvedValue('<h2>Overview</h2>\n');
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    // The server's rendering of the text, not the text.
    const preview = within(form).getByLabelText('Preview');
    expect(await within(preview).findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(calls.fetchMarkdownPreview).toHaveBeenCalledWith('## Overview');
    await user.click(within(form).getByRole('button', { name: 'Save revision' }));
    await waitFor(() => expect(staleWhenDone).toBe(true));
    expect(calls.saveRevision).toHaveBeenCalledWith(7, {
      title: 'Gizmo flaws',
      summary: 'Two flaws.',
      content: '## Overview',
      impact: '',
      solution: 'Upgrade.',
      references: ['https://gizmo.example/a', 'https://gizmo.example/b'],
      credits: ['Ana', 'Bo'],
      vulnerabilities: [3, 4],
    });
  });

  it('shows the server’s messages under their fields and keeps the form open', async () => {
    calls.saveRevision.mockRejectedValue(
      fieldRefusal({ 'credits.0': ['A credit is at most 500 characters.'] }),
    );
    const onDone = vi.fn();
    renderEditor(onDone);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'New revision of the advisory' }, SLOW);
    await user.click(within(form).getByRole('button', { name: 'Save revision' }));
    expect(await within(form).findByText('A credit is at most 500 characters.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Credits')).toHaveAccessibleDescription(
      /A credit is at most 500 characters\./,
    );
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });
});

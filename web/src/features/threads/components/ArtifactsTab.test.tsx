import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The first render loads the components: give it time on a busy machine. */
const SLOW = { timeout: 5000 };
import type { ArtifactSummary } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { fakeThreadCalls } from '../test-utils.ts';
import { ArtifactsTab } from './ArtifactsTab.tsx';

vi.mock('../../auth/index.ts', () => ({
  useCurrentUser: () => ({ user: { id: 2, name: 'Vera', email: 'v@x', roles: ['reporter'], groups: [] } }),
}));

// Download links follow the configured API base: the tests serve the API under /base/.
const baseURL = coordinationApi.defaults.baseURL;
let calls: ReturnType<typeof fakeThreadCalls>;
beforeEach(() => {
  calls = fakeThreadCalls();
  coordinationApi.defaults.baseURL = '/base/';
});
afterEach(() => {
  vi.restoreAllMocks();
  coordinationApi.defaults.baseURL = baseURL;
});

const artifact = (uuid: string, over: Partial<ArtifactSummary> = {}): ArtifactSummary => ({
  uuid,
  case: 5,
  file_name: `${uuid}.txt`,
  content_type: 'text/plain',
  size: 2048,
  sha256: 'ab',
  shared: false,
  source: 'upload',
  thread: null,
  uploaded_by: { id: 1, name: 'Cora' },
  created: '2026-05-01T10:00:00Z',
  download_url: `/api/case/artifact/${uuid}/download/`,
  ...over,
});

const staffAs = (staff: boolean) =>
  calls.fetchCaseCallerMetadata.mockResolvedValue({
    case: 5,
    staff,
    role: staff ? 'owner' : 'vendor',
    roles: [],
    permissions: {} as never,
  });

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ArtifactsTab caseId={5} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const list = (results: ArtifactSummary[]) => ({ count: results.length, next: null, previous: null, results });

describe('ArtifactsTab', () => {
  beforeEach(() => staffAs(true));

  it("says 'No data ...' without files and states the upload limit", async () => {
    calls.fetchArtifacts.mockResolvedValue(list([]));
    renderTab();
    expect(await screen.findByText('No data ...', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('The file can be at most 10MB.')).toBeInTheDocument();
  });

  it('lists name, size, uploader, shared state and thread, with download links', async () => {
    calls.fetchArtifacts.mockResolvedValue(
      list([artifact('a1', { shared: true }), artifact('b2', { thread: 3, source: 'thread' })]),
    );
    renderTab();
    const row = (await screen.findByRole('link', { name: 'a1.txt' }, SLOW)).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'a1.txt' })).toHaveAttribute(
      'href',
      '/base/api/case/artifact/a1/download/',
    );
    expect(row).toHaveTextContent('2.0 KB');
    expect(row).toHaveTextContent('Cora');
    expect(within(row).getByText('Shared')).toBeInTheDocument();
    const other = screen.getByRole('link', { name: 'b2.txt' }).closest('tr')!;
    expect(within(other).getByText('Not shared')).toBeInTheDocument();
    expect(within(other).getByRole('link', { name: 'Thread #3' })).toHaveAttribute(
      'href',
      '/cvdp/cases/5/threads?thread=3',
    );
  });

  it('staff share and unshare, and delete after a confirmation', async () => {
    calls.fetchArtifacts.mockResolvedValue(list([artifact('a1'), artifact('b2', { shared: true })]));
    calls.shareArtifact.mockResolvedValue(artifact('a1', { shared: true }));
    calls.deleteArtifact.mockResolvedValue(undefined);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Share a1.txt' }, SLOW));
    expect(calls.shareArtifact).toHaveBeenCalledWith('a1', true);
    await userEvent.click(screen.getByRole('button', { name: 'Unshare b2.txt' }));
    expect(calls.shareArtifact).toHaveBeenCalledWith('b2', false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete a1.txt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete file' });
    expect(calls.deleteArtifact).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(calls.deleteArtifact).toHaveBeenCalledWith('a1');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a participant deletes only their own uploads and shares nothing', async () => {
    staffAs(false);
    calls.fetchArtifacts.mockResolvedValue(
      list([
        artifact('mine', { uploaded_by: { id: 2, name: 'Vera' } }),
        artifact('theirs', { shared: true }),
      ]),
    );
    renderTab();
    expect(await screen.findByRole('button', { name: 'Delete mine.txt' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete theirs.txt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Share|Unshare)/ })).not.toBeInTheDocument();
  });

  it('uploads with a progress bar, then lists the file', async () => {
    calls.fetchArtifacts.mockResolvedValue(list([]));
    let finish: (a: ArtifactSummary) => void = () => undefined;
    calls.uploadArtifact.mockImplementation((_case, _file, onProgress) => {
      onProgress?.(0.4);
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    renderTab();
    await screen.findByText('No data ...', undefined, SLOW);
    const file = new File(['hello'], 'poc.txt', { type: 'text/plain' });
    await userEvent.upload(screen.getByLabelText('Upload a file'), file);
    expect(calls.uploadArtifact).toHaveBeenCalledWith(5, file, expect.any(Function));
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    calls.fetchArtifacts.mockResolvedValue(list([artifact('poc')]));
    finish(artifact('poc'));
    expect(await screen.findByRole('link', { name: 'poc.txt' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

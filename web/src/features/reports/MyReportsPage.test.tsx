import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectReadableBadge } from '../../test/contrast.ts';
import { coordinationApi } from '../../lib/api-client.ts';
import { MyReportsPage } from './MyReportsPage.tsx';

// The calls are faked at the API client: the page's hook reads its own file's fetcher.
const get = vi.spyOn(coordinationApi, 'get');
/** GET api/reports/ answers this page. */
const answerMine = (page: unknown) => get.mockResolvedValue({ data: page });
afterEach(() => vi.clearAllMocks());

function renderPage(state?: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: '/cvdp/reports/', state }]}>
        <MyReportsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('MyReportsPage', () => {
  it("says 'No data ...' without reports", async () => {
    answerMine({ count: 0, next: null, previous: null, results: [] });
    renderPage();
    expect(await screen.findByText('No data ...')).toBeInTheDocument();
  });

  it('lists title (linking to the case), case id, status and dates', async () => {
    answerMine({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: 3,
          case: 7,
          title: 'XSS in wiki',
          status: 0,
          created: '2026-05-01T10:00:00Z',
          updated: '2026-05-02T10:00:00Z',
        },
      ],
    });
    renderPage();
    const link = await screen.findByRole('link', { name: 'XSS in wiki' });
    expect(link).toHaveAttribute('href', '/cvdp/cases/7');
    const row = link.closest('tr')!;
    expect(within(row).getByText('#7')).toBeInTheDocument();
    // A yellow badge with white text read 1.6:1; the status must be readable (WCAG AA).
    expectReadableBadge(within(row).getByText('Pending'));
    expect(within(row).getByText('2026-05-01')).toBeInTheDocument();
    expect(within(row).getByText('2026-05-02')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('api/reports/', { params: { page: 1, page_size: 20 } });
  });

  it('after a submit, says which case the report became', async () => {
    answerMine({ count: 0, next: null, previous: null, results: [] });
    renderPage({ receivedCase: 42 });
    const status = (await screen.findByText(/Received as case/)).closest('[role="status"]') as HTMLElement;
    expect(status).toHaveTextContent(/^Received as case #42\./);
    expect(within(status).getByRole('link', { name: '#42' })).toHaveAttribute('href', '/cvdp/cases/42');
  });

  it('says nothing of the kind when opened from the menu', async () => {
    answerMine({ count: 0, next: null, previous: null, results: [] });
    renderPage();
    await screen.findByText('No data ...');
    expect(screen.queryByText(/Received as case/)).not.toBeInTheDocument();
  });
});

import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { format, subDays } from 'date-fns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Metrics, WeeklyMetrics } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';
import { DashboardPage } from './DashboardPage.tsx';

// The fetcher and its hook share a module, so the call is answered at the API client: GET api/metrics/
// answers what `metrics` returns for the params it was sent.
vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client.ts')>()),
  coordinationApi: { get: vi.fn() },
}));
const metrics = vi.fn<(p: { start: string; end: string }) => Promise<Metrics>>();
const weekly = vi.fn<() => Promise<WeeklyMetrics>>();
beforeEach(() => {
  weekly.mockResolvedValue({ weeks: [] });
  vi.mocked(coordinationApi.get).mockImplementation(async (url: string, config?: { params?: unknown }) => {
    if (url === 'api/metrics/weekly/') return { data: await weekly() };
    if (url !== 'api/metrics/') throw new Error(`unexpected GET ${url}`);
    return { data: await metrics(config?.params as { start: string; end: string }) };
  });
});
// jsdom has no canvas: the chart component renders the canvas it would, with the props it is given.
vi.mock('react-chartjs-2', () => ({
  Bar: (props: { 'aria-label': string; role: string }) => (
    <canvas role={props.role} aria-label={props['aria-label']} />
  ),
}));
afterEach(() => vi.clearAllMocks());

const sample = (start: string, end: string): Metrics => ({
  start,
  end,
  user: null,
  days: [
    { date: start, opened: 3, activated: 1, closed: 0 },
    { date: end, opened: 5, activated: 2, closed: 1 },
  ],
  totals: { opened: 8, activated: 3, closed: 1 },
  time_to_first_response: { count: 3, median_hours: 5.5, mean_hours: 7.25 },
  time_to_close: { count: 1, median_hours: 96, mean_hours: 96 },
});

function renderPage(url = '/cvdp/dashboard') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <DashboardPage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return () => new URLSearchParams(router.state.location.search);
}

describe('DashboardPage', () => {
  it('shows the last 30 days by default: totals, durations and labelled charts', async () => {
    metrics.mockImplementation(async (p) => sample(p.start, p.end));
    renderPage();
    const end = format(new Date(), 'yyyy-MM-dd');
    const start = format(subDays(new Date(), 29), 'yyyy-MM-dd');
    await waitFor(() => expect(metrics).toHaveBeenCalledWith({ start, end }));
    expect(await screen.findByText('8')).toBeInTheDocument();
    expect(screen.getByText('median 5.5 h')).toBeInTheDocument();
    expect(screen.getByText('median 4.0 days')).toBeInTheDocument();
    expect(screen.getByText('mean 7.3 h · 3 cases')).toBeInTheDocument();
    const charts = await screen.findAllByRole('img');
    expect(charts).toHaveLength(2);
    expect(charts[0]).toHaveAccessibleName(
      `Bar chart of cases per day from ${start} to ${end}: 8 opened, 3 activated and 1 closed in total. ` +
        `Most opened on ${end}: 5.`,
    );
    expect(charts[1]).toHaveAccessibleName(
      'Bar chart of median times: first response 5.5 h over 3 cases, close 4.0 days over 1 case.',
    );
    expect(document.title).toBe('Dashboard · CVDP');
  });

  it('keeps the range in the URL; a new range is checked before it is sent', async () => {
    metrics.mockImplementation(async (p) => sample(p.start, p.end));
    const search = renderPage('/cvdp/dashboard?start=2026-01-01&end=2026-01-31');
    await waitFor(() => expect(metrics).toHaveBeenCalledWith({ start: '2026-01-01', end: '2026-01-31' }));
    const from = screen.getByLabelText('From');
    expect(from).toHaveValue('2026-01-01');

    await userEvent.clear(from);
    await userEvent.type(from, '2026-02-15');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('start must not be after end.')).toBeInTheDocument();
    expect(search().get('start')).toBe('2026-01-01');

    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-15');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(search().get('start')).toBe('2026-01-15');
    await waitFor(() => expect(metrics).toHaveBeenLastCalledWith({ start: '2026-01-15', end: '2026-01-31' }));
  });

  it('shows the triage desk per week, newest first, whatever the range', async () => {
    metrics.mockImplementation(async (p) => sample(p.start, p.end));
    const week = (w: string, received: number, median: number | null, held = 0) => ({
      week: w,
      received,
      duplicates_found: 2,
      duplicates_merged: 1,
      first_response_median_hours: median,
      held,
    });
    weekly.mockResolvedValue({
      weeks: [week('2026-04-20', 14, 3.25), week('2026-04-27', 0, null), week('2026-05-04', 101, 50, 7)],
    });
    renderPage('/cvdp/dashboard?start=2026-01-01&end=2026-01-31');
    const table = await screen.findByRole('table', { name: 'Triage per week, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Week ofReceivedDuplicates foundMergedMedian first responseHeld',
      '2026-05-04101212.1 days7',
      '2026-04-27021—0',
      '2026-04-2014213.3 h0',
    ]);
    expect(within(table).getByRole('rowheader', { name: '2026-05-04' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Triage per week' })).toBeInTheDocument();
    expect(weekly).toHaveBeenCalledTimes(1);
  });

  it('registers only the chart parts it uses (never chart.js/auto, anywhere in the app)', () => {
    const src = path.resolve(import.meta.dirname, '../..');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = path.join(dir, f);
        return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) && !f.includes('.test.') ? [p] : [];
      });
    for (const f of files(src)) expect(readFileSync(f, 'utf8'), f).not.toMatch(/['"]chart\.js\/auto['"]/);
    expect(readFileSync(path.join(import.meta.dirname, 'MetricsCharts.tsx'), 'utf8')).toMatch(
      /Chart\.register\(/,
    );
  });
});

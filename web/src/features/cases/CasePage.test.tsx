import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleReportQuestions, SAMPLE_CVSS_VECTOR } from '@cvdp/core/testing/report/test-fixtures';
import type { ArtifactSummary, CaseDetail } from '@cvdp/core';
import { AxiosError, AxiosHeaders } from 'axios';
import { expectReadableBadge } from '../../test/contrast.ts';
import { CasePage } from './CasePage.tsx';
import { fakeCaseCalls } from './test-utils.ts';

let calls: ReturnType<typeof fakeCaseCalls>;
beforeEach(() => {
  calls = fakeCaseCalls();
  calls.fetchCaseCallerMetadata.mockImplementation(() => new Promise(() => undefined));
  calls.fetchCaseRelation.mockImplementation(() => new Promise(() => undefined));
});
// The Threads and Artifacts tabs are the threads feature's, tested there.
vi.mock('../threads/index.ts', () => ({
  loadThreadsTab: () =>
    Promise.resolve({ ThreadsTab: ({ caseId }: { caseId: number }) => <p>Threads of case {caseId}</p> }),
  loadArtifactsTab: () =>
    Promise.resolve({ ArtifactsTab: ({ caseId }: { caseId: number }) => <p>Artifacts of case {caseId}</p> }),
}));
afterEach(() => vi.restoreAllMocks());

function caseDetail(report: Partial<NonNullable<CaseDetail['report']>>): CaseDetail {
  return {
    id: 5,
    title: 'SQL injection in Acme Shop',
    summary: '',
    status: 0,
    status_label: 'Pending',
    owner: null,
    owners: [],
    created_by: { id: 1, name: 'Rita' },
    created: '2026-05-01T10:00:00Z',
    updated: '2026-05-03T10:00:00Z',
    resolution: null,
    due_date: null,
    public_date: null,
    tags: [],
    activated: null,
    closed: null,
    report: {
      id: 9,
      report: sampleReportQuestions({}, { pocFileName: 'poc.py' }),
      cvss_scores: [],
      submitted_by: { id: 1, name: 'Rita' },
      created: '2026-05-01T10:00:00Z',
      updated: '2026-05-03T10:00:00Z',
      edited: true,
      can_edit: true,
      can_view_original: false,
      ...report,
    },
  };
}

function renderPage(path = '/cvdp/cases/5') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/cvdp/cases/:id" element={<CasePage />} />
          <Route path="/cvdp/cases/:id/:tab" element={<CasePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const artifact: ArtifactSummary = {
  uuid: 'u1',
  case: 5,
  file_name: 'poc.py',
  content_type: 'text/x-python',
  size: 2048,
  sha256: 'x',
  shared: false,
  source: 'report',
  uploaded_by: { id: 1, name: 'Rita' },
  created: '2026-05-01T10:00:00Z',
  download_url: '/api/case/artifact/u1/download/',
};

describe('CasePage', () => {
  it("shows the report's answers, its poc with a download link, and Edit for the reporter", async () => {
    calls.fetchCase.mockResolvedValue(caseDetail({}));
    calls.fetchCaseArtifacts.mockResolvedValue({
      count: 1,
      next: null,
      previous: null,
      results: [artifact],
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'SQL injection in Acme Shop' })).toBeInTheDocument();
    // The Report tab is a chunk of its own: it appears once that has loaded.
    expect(await screen.findByText('Acme Shop 2.3')).toBeInTheDocument();
    expect(screen.getByText(SAMPLE_CVSS_VECTOR)).toBeInTheDocument();
    expect(screen.getByText('CRITICAL', { exact: false })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'poc.py' })).toHaveAttribute(
      'href',
      '/api/case/artifact/u1/download/',
    );
    expect(screen.getByRole('link', { name: 'Edit report' })).toHaveAttribute(
      'href',
      '/cvdp/cases/5/report/edit/',
    );
    expect(screen.queryByRole('button', { name: 'View original report' })).not.toBeInTheDocument();
  });

  it('lets a coordinator open the original report', async () => {
    calls.fetchCase.mockResolvedValue(caseDetail({ can_view_original: true }));
    calls.fetchCaseArtifacts.mockResolvedValue({ count: 0, next: null, previous: null, results: [] });
    calls.fetchOriginalReport.mockResolvedValue({
      case: 5,
      id: 9,
      report: sampleReportQuestions({ title: 'The first wording' }),
      submitted_by: { id: 1, name: 'Rita' },
      created: '2026-05-01T10:00:00Z',
      edited: true,
      edits: [{ edited_by: { id: 1, name: 'Rita' }, date: '2026-05-03T10:00:00Z' }],
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'View original report' }));
    // The title changed: the original is struck through, the edited wording follows.
    const before = await screen.findByText('The first wording');
    expect(before.tagName).toBe('DEL');
    const changes = screen.getByRole('group', { name: 'Changes since the original report' });
    expect(changes.querySelectorAll('[data-change="changed"]')).toHaveLength(1);
    expect(calls.fetchOriginalReport).toHaveBeenCalledWith(5);
  });

  it('opens the tab the address names', async () => {
    calls.fetchCase.mockResolvedValue(caseDetail({}));
    calls.fetchCaseArtifacts.mockResolvedValue({ count: 0, next: null, previous: null, results: [] });
    renderPage('/cvdp/cases/5/threads');
    expect(await screen.findByText('Threads of case 5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Threads' })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Threads · Case #5 · CVDP');
    await userEvent.click(screen.getByRole('link', { name: 'Artifacts' }));
    expect(await screen.findByText('Artifacts of case 5')).toBeInTheDocument();
    // Without permissions to read the activity, its tab is not offered.
    expect(screen.queryByRole('link', { name: 'Activity' })).not.toBeInTheDocument();
  });

  it('shows the Not-found page for an unknown tab', async () => {
    renderPage('/cvdp/cases/5/nonsense');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(calls.fetchCase).not.toHaveBeenCalled();
  });

  it('is titled after the case and shows its status readably', async () => {
    calls.fetchCase.mockResolvedValue(caseDetail({}));
    calls.fetchCaseArtifacts.mockResolvedValue({ count: 0, next: null, previous: null, results: [] });
    renderPage();
    await screen.findByRole('heading', { name: 'SQL injection in Acme Shop' });
    expect(document.title).toBe('Case #5 · CVDP');
    expectReadableBadge(screen.getByText('Pending'));
  });

  it.each(['abc', '0', '2147483648', '1e3'])(
    'shows the Not-found page for /cvdp/cases/%s/ without calling the API',
    async (id) => {
      renderPage(`/cvdp/cases/${id}/`);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/cvdp/');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(calls.fetchCase).not.toHaveBeenCalled();
      expect(calls.fetchCaseArtifacts).not.toHaveBeenCalled();
      expect(document.title).toBe('Page not found · CVDP');
    },
  );

  it('shows the Not-found page for a case the user may not open (the API answers 404)', async () => {
    const config = { headers: new AxiosHeaders() };
    calls.fetchCase.mockRejectedValue(
      new AxiosError(
        'Request failed with status code 404',
        'ERR_BAD_REQUEST',
        config,
        {},
        {
          status: 404,
          statusText: '',
          headers: {},
          config,
          data: { detail: 'Not found.' },
        },
      ),
    );
    renderPage('/cvdp/cases/7');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.fetchCase).toHaveBeenCalledWith(7);
  });
});

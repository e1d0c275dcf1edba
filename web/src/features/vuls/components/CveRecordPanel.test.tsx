import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import type { CveReadinessAnswer, CveRecordAnswer } from '@cvdp/core/cve/index';
import { coordinationApi } from '../../../lib/api-client.ts';
import { CveRecordPanel } from './CveRecordPanel.tsx';

// The calls are answered at the API client, under the CVE feature's real hooks: one stand-in per endpoint.
const fetchCveReadiness = vi.fn<(url: string) => Promise<CveReadinessAnswer>>();
const fetchCveRecord = vi.fn<(url: string) => Promise<CveRecordAnswer>>();
const publishCveRecord = vi.fn<(url: string) => Promise<unknown>>();
const asResponse = <T,>(p: Promise<T>) => p.then((d) => ({ data: d }) as AxiosResponse<T>);
beforeEach(() => {
  vi.spyOn(coordinationApi, 'get').mockImplementation((url: string) =>
    url.endsWith('/cve/readiness/') ? asResponse(fetchCveReadiness(url)) : asResponse(fetchCveRecord(url)),
  );
  vi.spyOn(coordinationApi, 'post').mockImplementation((url: string) => asResponse(publishCveRecord(url)));
  fetchCveReadiness.mockResolvedValue(READY);
});
const READY: CveReadinessAnswer = {
  ready: true,
  items: [{ key: 'affected', label: 'Affected products', done: true, kind: 'required', hint: null }],
};
afterEach(() => {
  vi.resetAllMocks();
  vi.restoreAllMocks();
});

const SLOW = { timeout: 5000 };

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const answer = (status: number, data: unknown) => {
  const headers = new AxiosHeaders();
  return new AxiosError('failed', String(status), undefined, undefined, {
    status,
    statusText: '',
    data,
    headers,
    config: { headers },
  });
};

const RECORD: CveRecordAnswer = {
  cve_id: 'CVE-2026-1000',
  record: { dataType: 'CVE_RECORD', dataVersion: '5.1' },
  advisory_published: false,
  account_available: true,
  published_at: null,
};

describe('CveRecordPanel', () => {
  it('shows what a record that is not ready needs, and never asks for the record (no refused request)', async () => {
    fetchCveReadiness.mockResolvedValue({
      ready: false,
      items: [
        {
          key: 'affected',
          label: 'Affected products: at least one vendor’s status',
          done: false,
          kind: 'required',
          hint: 'No vendor has a status for this vulnerability: set one in the Vendor status grid.',
        },
        { key: 'description', label: 'Description', done: true, kind: 'required', hint: null },
      ],
    });
    wrap(<CveRecordPanel caseId={1} vulId={3} label="VU#1.1" />);
    const needs = await screen.findByRole('list', { name: 'What the CVE record needs' }, SLOW);
    expect(needs.textContent).toContain(
      'To do: Affected products: at least one vendor’s status (required)No vendor has a status',
    );
    expect(needs.textContent).toContain('Done: Description (required)');
    expect(screen.getByText(/^Not ready:/)).toBeTruthy();
    expect(fetchCveReadiness).toHaveBeenCalledWith('api/vul/3/cve/readiness/');
    expect(fetchCveRecord).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: /CVE Services/ })).toBeNull();
  });

  it('lists the schema problems of a record refused after all (changed since the checklist was read)', async () => {
    fetchCveRecord.mockRejectedValue(
      answer(409, {
        detail:
          'The CVE record of this vulnerability does not pass the CVE JSON 5.1 schema; the problems are listed.',
        errors: { '/containers/cna/affected': ['must NOT have fewer than 1 items'] },
      }),
    );
    wrap(<CveRecordPanel caseId={1} vulId={3} label="VU#1.1" />);
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('does not pass the CVE JSON 5.1 schema');
    expect(alert.textContent).toContain('/containers/cna/affected: must NOT have fewer than 1 items');
    expect(screen.queryByRole('button', { name: /CVE Services/ })).toBeNull();
  });

  it('publishes only once the advisory is published, shows the refusal’s reason, then the published date', async () => {
    fetchCveRecord.mockResolvedValueOnce(RECORD);
    const user = userEvent.setup();
    const first = wrap(<CveRecordPanel caseId={1} vulId={3} label="VU#1.1" />);
    const blocked = await screen.findByRole('button', { name: 'Publish to CVE Services' }, SLOW);
    expect((blocked as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Publishing needs: the case’s advisory is published.')).toBeTruthy();
    expect(screen.getByText('Not published to CVE Services.')).toBeTruthy();
    first.unmount();

    fetchCveRecord.mockResolvedValue({ ...RECORD, advisory_published: true });
    publishCveRecord.mockRejectedValueOnce(
      answer(429, { detail: 'CVE Services is rate limiting requests; try again later (TOO_MANY_REQUESTS).' }),
    );
    wrap(<CveRecordPanel caseId={1} vulId={3} label="VU#1.1" />);
    const publish = await screen.findByRole('button', { name: 'Publish to CVE Services' });
    await waitFor(() => expect((publish as HTMLButtonElement).disabled).toBe(false));
    await user.click(publish);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not published: CVE Services is rate limiting requests; try again later (TOO_MANY_REQUESTS).',
    );

    publishCveRecord.mockResolvedValueOnce({
      cve_id: 'CVE-2026-1000',
      updated: false,
      message: 'ok',
      published_at: '2026-03-02T10:00:00Z',
    });
    fetchCveRecord.mockResolvedValue({
      ...RECORD,
      advisory_published: true,
      published_at: '2026-03-02T10:00:00Z',
    });
    await user.click(publish);
    expect(await screen.findByText('Published CVE-2026-1000 in CVE Services.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Update in CVE Services' })).toBeTruthy();
    expect(screen.getByText('2026-03-02')).toBeTruthy();
  });
});

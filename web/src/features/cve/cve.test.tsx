import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import type { CveAccount } from '@cvdp/core/cve/index';
import { coordinationApi } from '../../lib/api-client.ts';
import { CveAccountModal } from './components/CveAccountModal.tsx';
import { amountError } from './CveReservationsPage.tsx';

// The calls are answered at the API client, under the api/ fetchers and their hooks; each test says what
// the server answers and checks what was sent.
const api = {
  options: vi.spyOn(coordinationApi, 'options'),
  post: vi.spyOn(coordinationApi, 'post'),
  patch: vi.spyOn(coordinationApi, 'patch'),
};
const answered = (data: unknown) => Promise.resolve({ data } as AxiosResponse);
afterEach(() => vi.clearAllMocks());

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

const OPTIONS = {
  name: 'CVE account',
  actions: {
    POST: {
      org_short_name: { type: 'string', required: true, label: 'Organisation short name' },
      username: { type: 'string', required: true, label: 'CVE Services user' },
      api_key: { type: 'string', required: true, write_only: true, label: 'API key' },
      environment: {
        type: 'choice',
        required: false,
        label: 'Environment',
        choices: [
          { value: 'production', display_name: 'Production (https://cveawg.mitre.org/api)' },
          { value: 'test', display_name: 'Test (https://cveawg-test.mitre.org/api)' },
          { value: 'custom', display_name: 'Custom (base URL)' },
        ],
      },
      base_url: { type: 'url', required: false, label: 'Base URL (custom environment)' },
      active: { type: 'boolean', required: false, label: 'Active' },
    },
  },
};

const ACCOUNT: CveAccount = {
  id: 7,
  org_short_name: 'acme',
  username: 'cna@acme.test',
  environment: 'test',
  base_url: null,
  api_url: 'https://cveawg-test.mitre.org/api',
  active: true,
  created: '2026-01-01T00:00:00Z',
  updated: '2026-01-01T00:00:00Z',
};

describe('CveAccountModal', () => {
  it('offers the server’s environment choices and shows its field messages and reasons', async () => {
    api.options.mockImplementation(() => answered(OPTIONS));
    api.post.mockRejectedValueOnce(
      answer(400, { detail: 'Invalid input.', errors: { org_short_name: ['Already used.'] } }),
    );
    api.post.mockRejectedValueOnce(
      answer(503, { detail: 'CVDP_SECRET_KEY is not set: CVE account API keys are encrypted with it.' }),
    );
    const user = userEvent.setup();
    wrap(<CveAccountModal account={null} onClose={() => {}} />);
    const env = await screen.findByLabelText('Environment', { exact: true }, SLOW);
    expect(screen.getByRole('option', { name: 'Production (https://cveawg.mitre.org/api)' })).toBeTruthy();
    expect((env as HTMLSelectElement).value).toBe('test');
    // Nothing typed: the shared schema's messages, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('Ensure this field has at least 2 characters.')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Organisation short name/), 'acme');
    await user.type(screen.getByLabelText(/^CVE Services user/), 'cna@acme.test');
    await user.type(screen.getByLabelText(/^API key/), 'secret-key');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('Already used.')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('manage/cve/account/', {
      org_short_name: 'acme',
      username: 'cna@acme.test',
      api_key: 'secret-key',
      environment: 'test',
      base_url: null,
      active: true,
    });
    // A 5xx's reason is shown too, and nothing typed is lost.
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect((await screen.findByRole('alert')).textContent).toContain('CVDP_SECRET_KEY is not set');
    expect(screen.getByLabelText<HTMLInputElement>(/^Organisation short name/).value).toBe('acme');
  });

  it('never shows the key back: a key is set, and an empty field keeps it', async () => {
    api.options.mockImplementation(() => answered(OPTIONS));
    api.patch.mockImplementation(() => answered(ACCOUNT));
    const saved = vi.fn();
    const user = userEvent.setup();
    // Saved, the dialog closes.
    wrap(<CveAccountModal account={ACCOUNT} onClose={saved} />);
    const key = await screen.findByLabelText<HTMLInputElement>('Replace API key', {}, SLOW);
    expect(key.value).toBe('');
    expect(key.type).toBe('password');
    expect(screen.getByText(/A key is set\. Leave this empty to keep it/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(api.patch.mock.calls[0]).toEqual([
      'manage/cve/account/7/',
      {
        org_short_name: 'acme',
        username: 'cna@acme.test',
        environment: 'test',
        base_url: null,
        active: true,
      },
    ]);
    // A typed key replaces it; a custom environment needs its base URL.
    await user.type(key, 'new-key');
    await user.selectOptions(screen.getByLabelText('Environment', { exact: true }), 'custom');
    await user.type(screen.getByLabelText(/^Base URL \(custom environment\)/), 'http://127.0.0.1:3900/api');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patch).toHaveBeenCalledTimes(2));
    expect(api.patch.mock.calls[1][1]).toMatchObject({
      api_key: 'new-key',
      environment: 'custom',
      base_url: 'http://127.0.0.1:3900/api',
    });
  });
});

describe('the reservation amount', () => {
  it('takes 1 to 1000 and says why otherwise, in the server’s words', () => {
    expect(amountError('1')).toBeUndefined();
    expect(amountError('1000')).toBeUndefined();
    expect(amountError('0')).toBe('Ensure this value is greater than or equal to 1.');
    expect(amountError('1001')).toBe('Ensure this value is less than or equal to 1000.');
    expect(amountError('2.5')).toBe('A whole number is required.');
    expect(amountError('')).toBe('A whole number is required.');
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AxiosResponse } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';
import { ConnectionsPage, connectionBody } from './ConnectionsPage.tsx';
import { attributeBody } from './VulAttributesPage.tsx';

/** The first render loads the components: give it time on a busy machine. */
const SLOW = { timeout: 5000 };

// The calls are answered at the API client, under the api/ fetchers and their hooks; each test says what
// the server answers and checks what was sent.
const api = {
  get: vi.spyOn(coordinationApi, 'get'),
  options: vi.spyOn(coordinationApi, 'options'),
  post: vi.spyOn(coordinationApi, 'post'),
  patch: vi.spyOn(coordinationApi, 'patch'),
  delete: vi.spyOn(coordinationApi, 'delete'),
};
const answer = (data: unknown) => Promise.resolve({ data } as AxiosResponse);
afterEach(() => vi.clearAllMocks());

const renderPage = (page: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );

const connection: Connection = {
  id: 4,
  name: 'Sector CERT',
  base_url: 'https://cert.example',
  enabled: true,
  last_contact: null,
  created: '2026-01-01T00:00:00Z',
};

describe('what the forms send', () => {
  const values = {
    name: 'A',
    base_url: ' https://a.example ',
    token: '',
    incoming_token: '',
    enabled: false,
  };
  it('an edited connection sends a token only when one was typed (empty keeps the stored one)', () => {
    expect(connectionBody(values, true)).toEqual({
      name: 'A',
      base_url: 'https://a.example',
      enabled: false,
    });
    expect(connectionBody({ ...values, incoming_token: 'x'.repeat(20) }, true)).toEqual({
      name: 'A',
      base_url: 'https://a.example',
      enabled: false,
      incoming_token: 'x'.repeat(20),
    });
    // A new one sends both, empty or not, so the server names a missing one under its field.
    expect(connectionBody(values, false)).toMatchObject({ token: '', incoming_token: '' });
  });

  it('an attribute sends its choices a line each, without blanks, and none unless it is a choice', () => {
    const v = { name: 'N', type: 'choice' as const, choices: ' Yes \n\nNo\n', required: true };
    expect(attributeBody(v).choices).toEqual(['Yes', 'No']);
    expect(attributeBody({ ...v, type: 'date' }).choices).toEqual([]);
  });
});

describe('ConnectionsPage', () => {
  it('shows tokens as set, never asks for them again to save an edit, and shows a test answer', async () => {
    api.get.mockImplementation((url) =>
      url === 'manage/connections/' ? answer([connection]) : Promise.reject(new Error(url)),
    );
    api.patch.mockImplementation(() => answer({ ...connection, name: 'Sector CERT 2' }));
    api.post.mockImplementation((url) =>
      url === 'manage/connection/4/test/'
        ? answer({ ok: false, outcome: 'unreachable', detail: 'The other instance refused our token.' })
        : Promise.reject(new Error(url)),
    );
    const user = userEvent.setup();
    renderPage(<ConnectionsPage />);
    const row = await screen.findByRole('row', { name: /Sector CERT/ }, SLOW);
    expect(row).toHaveTextContent('Tokens set');
    expect(row).toHaveTextContent('Never');

    await user.click(within(row).getByRole('button', { name: 'Edit Sector CERT' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/Replace outgoing token/)).toHaveValue('');
    await user.clear(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Sector CERT 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.patch).toHaveBeenCalledWith('manage/connection/4/', {
        name: 'Sector CERT 2',
        base_url: 'https://cert.example',
        enabled: true,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Test connection Sector CERT' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Sector CERT: Failed: The other instance refused our token.',
    );
  });
});

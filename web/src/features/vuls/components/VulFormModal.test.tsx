// The vulnerability form's custom attribute fields (issue 14): one per attribute of the catalogue (text,
// number, a select of the choices, a date), required ones marked and checked before sending, values sent by
// attribute id, the server's messages under their field, an edit prefilled; no attributes, no fields.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  VUL_ATTRIBUTE_NOT_CHOICE,
  VUL_ATTRIBUTE_REQUIRED,
  type VulAttribute,
  type Vulnerability,
} from '@cvdp/core';
import { fakeVulCalls } from '../test-utils.ts';
import { VulFormModal } from './VulFormModal.tsx';

vi.mock('../../cwe/index.ts', () => ({
  CweField: ({ id }: { id: string }) => <input id={id} />,
}));
// The calls are answered at the API client, under the real hooks.
let calls: ReturnType<typeof fakeVulCalls>;
beforeEach(() => {
  calls = fakeVulCalls();
});
afterEach(() => vi.restoreAllMocks());

const SLOW = { timeout: 5000 };

const attribute = (id: number, over: Partial<VulAttribute>): VulAttribute => ({
  id,
  name: `Attribute ${id}`,
  type: 'text',
  choices: [],
  required: false,
  created: '2026-05-01T10:00:00Z',
  ...over,
});

const DEFINITIONS: VulAttribute[] = [
  attribute(3, { name: 'Exploit notes' }),
  attribute(4, { name: 'Affected devices', type: 'number' }),
  attribute(7, { name: 'Exploited', type: 'choice', choices: ['yes', 'no'], required: true }),
  attribute(9, { name: 'Found on', type: 'date' }),
];

const vul = (over: Partial<Vulnerability> = {}): Vulnerability => ({
  id: 11,
  case: 5,
  local_id: 1,
  label: 'VU#5.1',
  title: 'Flaw',
  description: 'The upload handler trusts the file name.',
  cwes: [],
  cwe_names: {},
  cve: null,
  references: [],
  tags: [],
  attributes: {},
  attribute_names: {},
  cvss_scores: [],
  ssvc: null,
  created: '2026-05-01T10:00:00Z',
  modified: '2026-05-01T10:00:00Z',
  created_by: null,
  ...over,
});

function apiError(status: number, data: { detail?: string; errors?: Record<string, string[]> }) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(
    'Request failed',
    'ERR_BAD_REQUEST',
    config,
    {},
    {
      status,
      statusText: '',
      headers: {},
      config,
      data,
    },
  );
}

function renderForm(props: { vul?: Vulnerability } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <VulFormModal caseId={5} vul={props.vul} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

describe('VulFormModal attribute fields', () => {
  it('shows one field per attribute by type, checks the required one, sends values by id', async () => {
    calls.fetchVulAttributes.mockResolvedValue(DEFINITIONS);
    calls.createVul.mockResolvedValue(vul());
    const { onClose } = renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'New vulnerability' });
    const group = await within(dialog).findByRole('group', { name: 'Attributes' }, SLOW);
    expect(within(group).getByLabelText('Exploit notes')).toHaveAttribute('type', 'text');
    expect(within(group).getByLabelText('Affected devices')).toHaveAttribute('type', 'number');
    expect(within(group).getByLabelText('Found on')).toHaveAttribute('type', 'date');
    const choice = within(group).getByRole('combobox', { name: /Exploited/ });
    expect(choice).toHaveAttribute('aria-required', 'true');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'yes', 'no']);
    expect(within(group).getByLabelText('Exploit notes')).not.toHaveAttribute('aria-required');

    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Stored XSS.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create vulnerability' }));
    expect(await within(dialog).findByText(VUL_ATTRIBUTE_REQUIRED)).toBeInTheDocument();
    expect(choice).toHaveClass('is-invalid');
    expect(choice).toHaveAccessibleDescription(VUL_ATTRIBUTE_REQUIRED);
    expect(calls.createVul).not.toHaveBeenCalled();

    await userEvent.selectOptions(choice, 'yes');
    await userEvent.type(within(group).getByLabelText('Exploit notes'), ' Seen in the wild ');
    await userEvent.type(within(group).getByLabelText('Affected devices'), '12.5');
    await userEvent.type(within(group).getByLabelText('Found on'), '2026-02-28');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create vulnerability' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.createVul.mock.calls[0][1]).toMatchObject({
      description: 'Stored XSS.',
      attributes: { '3': 'Seen in the wild', '4': 12.5, '7': 'yes', '9': '2026-02-28' },
    });
  });

  it("shows the server's message under the attribute's field; an edit starts from the values and clears emptied ones", async () => {
    calls.fetchVulAttributes.mockResolvedValue(DEFINITIONS);
    calls.updateVul.mockRejectedValueOnce(
      apiError(400, {
        detail: `Exploited: ${VUL_ATTRIBUTE_NOT_CHOICE}`,
        errors: { 'attributes.7': [VUL_ATTRIBUTE_NOT_CHOICE] },
      }),
    );
    renderForm({
      vul: vul({
        attributes: { '3': 'Old notes', '4': 2, '7': 'no' },
        attribute_names: { '3': 'Exploit notes', '4': 'Affected devices', '7': 'Exploited' },
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit VU#5.1' });
    const group = await within(dialog).findByRole('group', { name: 'Attributes' }, SLOW);
    const notes = within(group).getByLabelText('Exploit notes');
    expect(notes).toHaveValue('Old notes');
    expect(within(group).getByLabelText('Affected devices')).toHaveValue(2);
    expect(within(group).getByRole('combobox', { name: /Exploited/ })).toHaveValue('no');
    await userEvent.clear(notes);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const message = await within(dialog).findByText(VUL_ATTRIBUTE_NOT_CHOICE);
    expect(message.id).toBe('vul-11-form-attribute-7-error');
    expect(calls.updateVul.mock.calls[0]).toEqual([
      11,
      expect.objectContaining({ attributes: { '3': null, '4': 2, '7': 'no', '9': null } }),
    ]);
  });

  it('names the line of a refused reference, and shows a refusal about no field above the buttons', async () => {
    calls.createVul
      .mockRejectedValueOnce(
        apiError(400, { detail: 'Invalid input', errors: { 'references.1': ['Not reachable.'] } }),
      )
      .mockRejectedValueOnce(apiError(409, { detail: 'The case is closed.' }));
    renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'New vulnerability' });
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Plain.');
    const references = within(dialog).getByLabelText('References');
    await userEvent.type(references, 'https://example.com/a\nhttps://example.com/b');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create vulnerability' }));
    expect(await within(dialog).findByText('Line 2: Not reachable.')).toBeInTheDocument();
    expect(references).toHaveClass('is-invalid');
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create vulnerability' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The case is closed.');
    expect(calls.createVul).toHaveBeenCalledTimes(2);
  });

  it('shows nothing extra and sends no attributes when the catalogue has none', async () => {
    calls.fetchVulAttributes.mockResolvedValue([]);
    calls.createVul.mockResolvedValue(vul());
    const { onClose } = renderForm();
    const dialog = await screen.findByRole('dialog', { name: 'New vulnerability' });
    await vi.waitFor(() => expect(calls.fetchVulAttributes).toHaveBeenCalled());
    expect(within(dialog).queryByRole('group', { name: 'Attributes' })).toBeNull();
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Plain.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create vulnerability' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.createVul.mock.calls[0][1]).not.toHaveProperty('attributes');
  });
});

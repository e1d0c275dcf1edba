import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CsafSettings, Participant } from '@cvdp/core';
import { CSAF_PATTERN_MESSAGE } from '@cvdp/core';
import { fakeAdvisoryCalls, pageOf } from '../test-utils.ts';
import { CsafSettingsPanel } from './CsafSettingsPanel.tsx';
import { fieldRefusal } from '../../../test/refusal.ts';

/** The first render loads the components: give it time on a busy machine. */
const SLOW = { timeout: 5000 };

// The calls are answered at the API client, under the real hooks: what the server answers, what was sent.
let calls: ReturnType<typeof fakeAdvisoryCalls>;
beforeEach(() => {
  calls = fakeAdvisoryCalls();
});
afterEach(() => vi.restoreAllMocks());

const settings = (over: Partial<CsafSettings> = {}): CsafSettings => ({
  case: 7,
  profile: null,
  profile_choices: [],
  category: 'csaf_security_advisory',
  tlp: null,
  tracking_id_pattern: 'VU#{case}',
  tracking_id: 'VU#7',
  product_tree_overrides: { vendors: { '12': { vendor_name: 'Acme Inc.' } } },
  updated: null,
  ...over,
});

const vendor = (id: number, name: string) => ({ id, name, role: 'vendor' }) as Participant;

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CsafSettingsPanel caseId={7} />
    </QueryClientProvider>,
  );
}

describe('CsafSettingsPanel', () => {
  it('sends the settings with the overrides per participant id, empty fields left out', async () => {
    // A coordinator, not an administrator: the choices come with the case's settings.
    const profile_choices = [
      { id: 3, name: 'CERT profile' },
      { id: 4, name: 'Other profile' },
    ];
    calls.fetchCsafSettings.mockResolvedValue(settings({ profile_choices }));
    calls.fetchVendorParticipants.mockResolvedValue(pageOf([vendor(12, 'Acme'), vendor(13, 'Bob')]));
    // The answer is what the panel shows next (the hook puts it in the cache; the settings are not read again).
    calls.saveCsafSettings.mockImplementation(async () =>
      settings({ tlp: 'RED', profile: { id: 4, name: 'Other profile' }, profile_choices }),
    );
    const user = userEvent.setup();
    renderPanel();
    const region = await screen.findByRole('region', { name: 'CSAF settings' }, SLOW);
    expect(await within(region).findByText('VU#7', {}, SLOW)).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Edit CSAF settings' }));
    const form = await screen.findByRole('form', { name: 'CSAF settings' }, SLOW);
    await user.selectOptions(within(form).getByLabelText('Publisher profile'), 'Other profile');
    await user.selectOptions(within(form).getByLabelText('TLP'), 'RED');
    const bob = within(form).getByRole('group', { name: 'Bob' });
    await user.type(within(bob).getByLabelText('Package URL'), 'pkg:npm/bob');
    await user.click(within(form).getByRole('button', { name: 'Save CSAF settings' }));
    expect(calls.saveCsafSettings).toHaveBeenCalledWith(7, {
      profile: 4,
      category: 'csaf_security_advisory',
      tlp: 'RED',
      tracking_id_pattern: 'VU#{case}',
      product_tree_overrides: {
        vendors: { '12': { vendor_name: 'Acme Inc.' }, '13': { purl: 'pkg:npm/bob' } },
      },
    });
    expect(await within(region).findByRole('status')).toHaveTextContent('CSAF settings saved.');
    expect(within(region).getByText('RED')).toBeInTheDocument();
    expect(within(region).getByText('Other profile')).toBeInTheDocument();
    expect(calls.fetchCsafSettings).toHaveBeenCalledTimes(1);
  });

  it('shows its own and the server’s messages under the fields, and keeps what was typed', async () => {
    calls.fetchCsafSettings.mockResolvedValue(settings({ product_tree_overrides: {} }));
    calls.fetchVendorParticipants.mockResolvedValue(pageOf([vendor(12, 'Acme')]));
    calls.saveCsafSettings.mockRejectedValue(
      fieldRefusal({ 'product_tree_overrides.vendors.12.cpe': ['Not a CPE 2.3 name.'] }),
    );
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Edit CSAF settings' }, SLOW));
    const form = await screen.findByRole('form', { name: 'CSAF settings' }, SLOW);
    const pattern = within(form).getByLabelText('Tracking id pattern');
    await user.clear(pattern);
    await user.type(pattern, 'A B {{case}');
    await user.click(within(form).getByRole('button', { name: 'Save CSAF settings' }));
    expect(within(form).getByText(CSAF_PATTERN_MESSAGE)).toBeInTheDocument();
    expect(pattern).toHaveAttribute('aria-invalid', 'true');
    expect(calls.saveCsafSettings).not.toHaveBeenCalled();

    await user.clear(pattern);
    await user.type(pattern, 'X-{{case}');
    const cpe = within(within(form).getByRole('group', { name: 'Acme' })).getByLabelText('CPE 2.3');
    await user.type(cpe, 'cpe:bad');
    await user.click(within(form).getByRole('button', { name: 'Save CSAF settings' }));
    expect(await within(form).findByText('Not a CPE 2.3 name.')).toBeInTheDocument();
    expect(cpe).toHaveAttribute('aria-invalid', 'true');
    expect(cpe).toHaveValue('cpe:bad');
    expect(pattern).toHaveValue('X-{case}');
    expect(within(form).queryByText(CSAF_PATTERN_MESSAGE)).toBeNull();
  });
});

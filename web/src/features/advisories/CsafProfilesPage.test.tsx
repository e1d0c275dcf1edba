import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CsafProfile } from '@cvdp/core';
import { CSAF_NAMESPACE_MESSAGE } from '@cvdp/core';
import { NO_DATA_TEXT } from '../../components/NoDataRow.tsx';
import { CsafProfilesPage } from './CsafProfilesPage.tsx';
import { fakeAdvisoryCalls, pageOf } from './test-utils.ts';
import { fieldRefusal } from '../../test/refusal.ts';

/** The first render loads the components: give it time on a busy machine. */
const SLOW = { timeout: 5000 };

// The calls are answered at the API client, under the real hooks: what the server answers, what was sent.
let calls: ReturnType<typeof fakeAdvisoryCalls>;
beforeEach(() => {
  calls = fakeAdvisoryCalls();
});
afterEach(() => vi.restoreAllMocks());

const profile = (id: number, name: string, over: Partial<CsafProfile> = {}): CsafProfile => ({
  id,
  name,
  publisher_category: 'coordinator',
  publisher_name: 'Example CERT',
  namespace: 'https://cert.example',
  contact_details: '',
  issuing_authority: '',
  default_tlp: 'CLEAR',
  created: '2026-01-01T00:00:00Z',
  updated: '2026-01-01T00:00:00Z',
  ...over,
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CsafProfilesPage />
    </QueryClientProvider>,
  );
}

describe('CsafProfilesPage', () => {
  it('adds a profile in its dialog: the namespace is checked first, then the list is read again', async () => {
    calls.fetchCsafProfiles.mockResolvedValue(pageOf([]));
    calls.createCsafProfile.mockResolvedValue(profile(3, 'PSIRT'));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(NO_DATA_TEXT, {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add profile' }));
    const form = await screen.findByRole('form', { name: 'New CSAF profile' });
    await user.type(within(form).getByRole('textbox', { name: /^Name(?!space)/ }), 'PSIRT');
    await user.type(within(form).getByLabelText(/Publisher name/), 'Example CERT');
    await user.type(within(form).getByLabelText(/Namespace/), 'not a uri');
    await user.click(within(form).getByRole('button', { name: 'Add profile' }));
    expect(await within(form).findByText(CSAF_NAMESPACE_MESSAGE)).toBeInTheDocument();
    expect(calls.createCsafProfile).not.toHaveBeenCalled();

    await user.clear(within(form).getByLabelText(/Namespace/));
    await user.type(within(form).getByLabelText(/Namespace/), 'https://cert.example');
    await user.selectOptions(within(form).getByLabelText('Default TLP'), 'GREEN');
    calls.fetchCsafProfiles.mockResolvedValue(pageOf([profile(3, 'PSIRT', { default_tlp: 'GREEN' })]));
    await user.click(within(form).getByRole('button', { name: 'Add profile' }));
    expect(calls.createCsafProfile).toHaveBeenCalledWith({
      name: 'PSIRT',
      publisher_category: 'coordinator',
      publisher_name: 'Example CERT',
      namespace: 'https://cert.example',
      contact_details: '',
      issuing_authority: '',
      default_tlp: 'GREEN',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('row', { name: /PSIRT/ })).toHaveTextContent('GREEN');
  });

  it('an edit sends only the fields changed, keeps the dialog on a refusal and sends nothing unchanged', async () => {
    calls.fetchCsafProfiles.mockResolvedValue(pageOf([profile(4, 'Kept'), profile(5, 'Other')]));
    calls.updateCsafProfile
      .mockRejectedValueOnce(fieldRefusal({ publisher_name: ['Too similar to another publisher.'] }))
      .mockResolvedValueOnce(profile(4, 'Kept', { publisher_name: 'Example CERT/CC' }));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Kept' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Edit CSAF profile' });
    const publisher = within(dialog).getByLabelText(/Publisher name/);
    await user.clear(publisher);
    await user.type(publisher, 'Example CERT/CC');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Too similar to another publisher.')).toBeInTheDocument();
    expect(publisher).toHaveValue('Example CERT/CC');
    expect(calls.updateCsafProfile).toHaveBeenLastCalledWith(4, { publisher_name: 'Example CERT/CC' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.updateCsafProfile).toHaveBeenCalledTimes(2);
    // The list is read again after the change.
    await waitFor(() => expect(calls.fetchCsafProfiles).toHaveBeenCalledTimes(2));

    await user.click(screen.getByRole('button', { name: 'Edit Other' }));
    const unchanged = await screen.findByRole('dialog', { name: 'Edit CSAF profile' });
    await user.click(within(unchanged).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.updateCsafProfile).toHaveBeenCalledTimes(2);
  });

  it('deletes a profile after asking, saying what becomes of the cases that used it', async () => {
    calls.fetchCsafProfiles.mockResolvedValue(pageOf([profile(6, 'Doomed')]));
    calls.deleteCsafProfile.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Doomed' }, SLOW));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the CSAF profile Doomed?' });
    expect(confirm).toHaveTextContent('Cases that use it are published by this CVDP instance again.');
    calls.fetchCsafProfiles.mockResolvedValue(pageOf([]));
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(calls.deleteCsafProfile).toHaveBeenCalledWith(6);
    expect(await screen.findByText(NO_DATA_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

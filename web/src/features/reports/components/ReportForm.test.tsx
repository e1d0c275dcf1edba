// The report form in jsdom: messages per field, the vulnerability list, conditional questions, the CVSS
// default, double submits and server failures. HTTP is not involved: onSubmit is a stub, and the CWE
// search API is mocked.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CVSS4_DEFAULT_VECTOR,
  CVSS_INCOMPLETE_MESSAGE,
  emptyReportForm,
  questionsToReportForm,
  type ReportFormOutput,
} from '@cvdp/core';
import { sampleReportQuestions, SAMPLE_CVSS_VECTOR } from '@cvdp/core/testing/report/test-fixtures';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ReportForm } from './ReportForm.tsx';

vi.mock('../../cwe/api/search-cwes.ts', () => ({ searchCwes: vi.fn(), fetchCwePage: vi.fn() }));
afterEach(() => vi.clearAllMocks());

/** The form on /form of a data router (the leave guard needs one), with a page to leave to at /away. */
function renderForm(props: Partial<Parameters<typeof ReportForm>[0]> = {}) {
  const onSubmit = vi.fn<(values: ReportFormOutput, poc: File | null) => Promise<void>>().mockResolvedValue();
  const onCancel = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/form',
        element: (
          <ReportForm
            mode="new"
            defaultValues={emptyReportForm()}
            onSubmit={onSubmit}
            onCancel={onCancel}
            {...props}
          />
        ),
      },
      { path: '/away', element: <h1>Somewhere else</h1> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
  return { onSubmit, onCancel, router, user: userEvent.setup() };
}

const entries = () => screen.getAllByRole('region', { name: /^Vulnerability \d+$/ });
const entry = (n: number) => screen.getByRole('region', { name: `Vulnerability ${n}` });
const group = (scope: HTMLElement, name: string) => within(scope).getByRole('group', { name });

/** The message shown in the field block (label, input and message) of a named field. */
function messageOf(name: string, scope: HTMLElement = document.body) {
  const field = within(scope).queryByRole('textbox', { name }) ?? within(scope).getByRole('group', { name });
  return field.closest('[data-field]')!.querySelector('[data-field-error]')?.textContent ?? null;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Overflow in parser');
  await user.type(screen.getByRole('textbox', { name: 'Product' }), 'Parser 1.0');
  await user.click(within(group(document.body, 'Have you notified the vendor?')).getByLabelText('No'));
  await user.type(screen.getByRole('textbox', { name: 'Vendor contact' }), 'sec@parser.example');
  await user.type(within(entry(1)).getByRole('textbox', { name: 'Description' }), 'Heap overflow');
  await user.click(
    within(group(entry(1), 'Has this vulnerability been publicly disclosed?')).getByLabelText('No'),
  );
  await user.click(
    within(group(document.body, 'Do you have plans to disclose this vulnerability?')).getByLabelText('No'),
  );
}

describe('ReportForm', () => {
  it('shows the intro of each mode', () => {
    renderForm();
    expect(
      screen.getByText(/Please be direct and concise\. Proof-of-concept code is appreciated\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/your identity may be shared/)).toBeInTheDocument();
    expect(screen.getByText('The file can be at most 10MB.')).toBeInTheDocument();
  });

  it('shows every missing field its message at once and sends nothing', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(messageOf('Title')).toBe('This field is required.'));
    for (const name of [
      'Product',
      'Vendor contact',
      'Have you notified the vendor?',
      'Do you have plans to disclose this vulnerability?',
    ]) {
      expect(messageOf(name)).toBe('This field is required.');
    }
    expect(messageOf('Description', entry(1))).toBe('This field is required.');
    expect(messageOf('Has this vulnerability been publicly disclosed?', entry(1))).toBe(
      'This question is required',
    );
    expect(onSubmit).not.toHaveBeenCalled();
    // The first invalid field in page order gets the focus.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus());
  });

  it('asks for disclosure details only when disclosure plans are Yes', async () => {
    const { user } = renderForm();
    expect(screen.queryByRole('textbox', { name: 'Disclosure plans' })).not.toBeInTheDocument();
    await user.click(
      within(group(document.body, 'Do you have plans to disclose this vulnerability?')).getByLabelText('Yes'),
    );
    expect(screen.getByRole('textbox', { name: 'Disclosure plans' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(messageOf('Disclosure plans')).toBe('This field is required.'));
  });

  it('adds, clones and removes vulnerabilities within 1 to 20', async () => {
    const { user } = renderForm();
    expect(entries()).toHaveLength(1);
    expect(within(entry(1)).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    await user.type(within(entry(1)).getByRole('textbox', { name: 'Description' }), 'first');
    await user.click(screen.getByRole('button', { name: 'Clone vulnerability 1' }));
    expect(entries()).toHaveLength(2);
    expect(within(entry(2)).getByRole('textbox', { name: 'Description' })).toHaveValue('first');
    // SPEC's visible "Remove" on each entry, named for its entry so the names are unique.
    const removes = screen.getAllByRole('button', { name: /^Remove vulnerability/ });
    expect(removes.map((b) => [b.getAttribute('aria-label'), b.textContent])).toEqual([
      ['Remove vulnerability 1', 'Remove'],
      ['Remove vulnerability 2', 'Remove'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove vulnerability 1' }));
    expect(entries()).toHaveLength(1);
    const add = screen.getByRole('button', { name: 'Add Vulnerability' });
    for (let i = 1; i < 20; i++) await user.click(add);
    expect(entries()).toHaveLength(20);
    expect(add).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clone vulnerability 1' })).toBeDisabled();
  }, 60_000);

  it('reveals references and exploit evidence with their Yes answers', async () => {
    const { user } = renderForm();
    const v = entry(1);
    expect(within(v).queryByRole('textbox', { name: 'References' })).not.toBeInTheDocument();
    await user.click(
      within(group(v, 'Has this vulnerability been publicly disclosed?')).getByLabelText('Yes'),
    );
    expect(within(v).getByRole('textbox', { name: 'References' })).toBeInTheDocument();
    expect(
      within(v).queryByRole('textbox', { name: 'Evidence of active exploitation' }),
    ).not.toBeInTheDocument();
    await user.click(
      within(group(v, 'Is this vulnerability being actively exploited?')).getByLabelText('Yes'),
    );
    expect(within(v).getByRole('textbox', { name: 'Evidence of active exploitation' })).toBeInTheDocument();
  });

  it('opens the calculator with its default vector, and Clone copies the score', async () => {
    const { onSubmit, user } = renderForm();
    await fillValid(user);
    await user.click(within(group(entry(1), 'Do you want to provide a CVSS score?')).getByLabelText('Yes'));
    expect(await within(entry(1)).findByRole('textbox', { name: 'Vector String' })).toHaveValue(
      CVSS4_DEFAULT_VECTOR,
    );
    await user.click(screen.getByRole('button', { name: 'Clone vulnerability 1' }));
    expect(await within(entry(2)).findByRole('textbox', { name: 'Vector String' })).toHaveValue(
      CVSS4_DEFAULT_VECTOR,
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const values = onSubmit.mock.calls[0][0];
    expect(values.vulnerabilities.map((v) => [v.description, v.showCvss, v.cvss])).toEqual([
      ['Heap overflow', 'Yes', CVSS4_DEFAULT_VECTOR],
      ['Heap overflow', 'Yes', CVSS4_DEFAULT_VECTOR],
    ]);
  });

  it('leaves a question Tab passed through unanswered, not invalid (keyboard only)', async () => {
    const { onSubmit, user } = renderForm();
    await fillValid(user);
    const exploited = group(entry(1), 'Is this vulnerability being actively exploited?');
    act(() => within(exploited).getByLabelText('Yes').focus());
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0].vulnerabilities[0].active_exploitation).toBe('');
  });

  it('says an incomplete calculator once on submit, under the vector field it belongs to', async () => {
    const { onSubmit, user } = renderForm();
    await fillValid(user);
    await user.click(within(group(entry(1), 'Do you want to provide a CVSS score?')).getByLabelText('Yes'));
    const vector = await within(entry(1)).findByRole('textbox', { name: 'Vector String' });
    await user.click(within(entry(1)).getByRole('button', { name: 'Clear Attack Vector (AV)' }));
    const said = () =>
      within(entry(1)).queryAllByText((_, el) => el?.textContent === CVSS_INCOMPLETE_MESSAGE);
    // Before sending, the calculator's own notice.
    expect(said()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // On submit the field's message replaces it: once, tied to the vector field.
    await waitFor(() => expect(vector).toHaveAttribute('aria-invalid', 'true'));
    expect(said()).toHaveLength(1);
    expect(said()[0]).not.toHaveClass('alert');
    // (An accessible description collapses the SPEC text's two spaces into one.)
    expect(vector).toHaveAccessibleDescription(CVSS_INCOMPLETE_MESSAGE.replace(/\s+/g, ' '));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('prefills the edit form, with the calculator open for a stored vector', async () => {
    renderForm({
      mode: 'edit',
      defaultValues: questionsToReportForm(sampleReportQuestions()),
      currentPocName: 'poc.py',
    });
    expect(
      screen.getByText(/keeps a copy of the original report for the case coordinators/),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('SQL injection in Acme Shop');
    expect(await within(entry(1)).findByRole('textbox', { name: 'Vector String' })).toHaveValue(
      SAMPLE_CVSS_VECTOR,
    );
    expect(screen.getByText(/Current file: poc\.py\./)).toBeInTheDocument();
  });

  it('sends once however often Submit is clicked, and keeps Submit disabled meanwhile', async () => {
    let finish: () => void = () => {};
    const { onSubmit, user } = renderForm({
      mode: 'edit',
      defaultValues: questionsToReportForm(sampleReportQuestions()),
    });
    onSubmit.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    const submit = screen.getByRole('button', { name: 'Submit' });
    await user.dblClick(submit);
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish();
  });

  it('shows a failed submit as "An error occurred: …" and puts server messages under their fields', async () => {
    const error = new AxiosError(
      'Request failed with status code 400',
      'ERR_BAD_REQUEST',
      undefined,
      undefined,
      {
        status: 400,
        statusText: 'Bad Request',
        headers: {},
        config: { headers: new AxiosHeaders() },
        data: {
          detail: 'The report is not complete or not valid.',
          errors: {
            product: ['This field is required.'],
            poc: ['The file is too large. The limit is 10MB.'],
          },
        },
      },
    );
    const { onSubmit, user } = renderForm({
      mode: 'edit',
      defaultValues: questionsToReportForm(sampleReportQuestions()),
    });
    onSubmit.mockRejectedValue(error);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred: The report is not complete or not valid.',
    );
    expect(messageOf('Product')).toBe('This field is required.');
    expect(screen.getByText('The file is too large. The limit is 10MB.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('Cancel leaves without sending', async () => {
    const { onSubmit, onCancel, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  describe('leaving a changed form', () => {
    const leaveDialog = () => screen.queryByRole('dialog', { name: 'Leave this page?' });
    const unloadIsHeld = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };

    it('asks before an in-app navigation; Stay keeps what was typed, Leave goes', async () => {
      const { router, user } = renderForm();
      await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Half a report');
      await act(() => router.navigate('/away'));
      expect(leaveDialog()).toBeInTheDocument();
      expect(
        screen.getByText('Your report has not been submitted. If you leave now, what you entered is lost.'),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(leaveDialog()).not.toBeInTheDocument());
      expect(router.state.location.pathname).toBe('/form');
      expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Half a report');

      await act(() => router.navigate('/away'));
      await user.click(screen.getByRole('button', { name: 'Leave' }));
      expect(await screen.findByRole('heading', { name: 'Somewhere else' })).toBeInTheDocument();
    });

    it('asks on Cancel too, and the browser asks before the tab closes', async () => {
      const { router, user } = renderForm({ onCancel: () => void router.navigate('/away') });
      expect(unloadIsHeld()).toBe(false);
      await user.type(screen.getByRole('textbox', { name: 'Product' }), 'Widget');
      expect(unloadIsHeld()).toBe(true);
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeInTheDocument();
    });

    it('does not ask for a clean form', async () => {
      const { router, user } = renderForm({ onCancel: () => void router.navigate('/away') });
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByRole('heading', { name: 'Somewhere else' })).toBeInTheDocument();
      expect(leaveDialog()).not.toBeInTheDocument();
    });

    it('does not ask when Submit leads away', async () => {
      const rendered: ReturnType<typeof renderForm> = renderForm({
        onSubmit: async () => {
          await rendered.router.navigate('/away');
        },
      });
      await fillValid(rendered.user);
      await rendered.user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByRole('heading', { name: 'Somewhere else' })).toBeInTheDocument();
      expect(leaveDialog()).not.toBeInTheDocument();
    });
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectReadableBadge } from '../../../test/contrast.ts';
import { SsvcOutcomeBadge, SsvcStepForm, type SsvcStepFormProps } from '../index.ts';

const VECTOR_TIME = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ';

function setup(props: Partial<SsvcStepFormProps> = {}) {
  const onSubmit = vi.fn<SsvcStepFormProps['onSubmit']>();
  const user = userEvent.setup();
  render(<SsvcStepForm onSubmit={onSubmit} {...props} />);
  return { onSubmit, user };
}

const heading = () => screen.getByRole('heading', { level: 4 });
const next = () => screen.getByRole('button', { name: 'Next' });
const back = () => screen.getByRole('button', { name: 'Back' });
const status = () => screen.getByRole('status');
const radio = (name: string) => screen.getByRole('radio', { name });

describe('SsvcStepForm', () => {
  it('walks the CISA tree one decision point at a time and submits the chosen values', async () => {
    const { user, onSubmit } = setup();
    expect(heading()).toHaveTextContent('Decision table');
    expect(screen.getAllByRole('radio')).toHaveLength(6);
    expect(next()).toBeDisabled();
    await user.click(radio('CISA Coordinator 2.0.3'));
    await user.click(next());

    expect(heading()).toHaveTextContent('Exploitation');
    expect(heading()).toHaveFocus();
    expect(screen.getByText('The present state of exploitation of the vulnerability.')).toBeVisible();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(radio('Public PoC')).toHaveAccessibleDescription(/Metasploit/);
    expect(status()).toHaveTextContent('Possible outcomes: Track, Track*, Attend, Act');
    expect(next()).toBeDisabled();
    await user.click(radio('Active'));
    await user.click(next());
    expect(heading()).toHaveTextContent('Automatable');
    await user.click(radio('Yes'));
    await user.click(next());
    expect(heading()).toHaveTextContent('Technical Impact');
    await user.click(radio('Total'));
    expect(status()).toHaveTextContent('Possible outcomes: Attend, Act');
    await user.click(next());

    // Mission & Well-being through its sources; Essential decides it (high), so the outcome is reached.
    expect(heading()).toHaveTextContent('Mission Prevalence');
    await user.click(radio('Essential'));
    expect(status()).toHaveTextContent('Outcome: Act — the remaining points do not change it.');
    expect(within(status()).getByText('Act')).toHaveClass('bg-danger');
    expect(screen.getByText(/Mission and Well-Being Impact is worked out from/)).toHaveTextContent(
      'Mission and Well-Being Impact is worked out from Mission Prevalence and Public Well-Being Impact: High.',
    );
    await user.click(next());
    expect(heading()).toHaveTextContent('Public Well-Being Impact');
    await user.click(radio('Material'));
    expect(screen.getByRole('list', { name: 'Chosen so far' })).toHaveTextContent(
      'Exploitation: ActiveAutomatable: YesTechnical Impact: TotalMission Prevalence: EssentialPublic Well-Being Impact: Material',
    );
    await user.click(next());

    expect(heading()).toHaveTextContent('Result');
    expect(screen.getByText('Act')).toHaveClass('badge', 'bg-danger');
    expect(screen.getByText('Mission and Well-Being Impact').nextElementSibling).toHaveTextContent('High');
    expect(screen.getByTestId('ssvc-vector').textContent).toMatch(
      new RegExp(`^SSVCv2/E:A/A:Y/T:T/P:E/B:A/M:H/D:C/${VECTOR_TIME}/$`),
    );
    await user.click(screen.getByRole('button', { name: 'Save decision' }));
    expect(onSubmit).toHaveBeenCalledWith({
      table: 'cisa-coordinator',
      values: { E: 'A', A: 'Y', TI: 'T', MP: 'E', PWI: 'MA' },
    });
  });

  it('goes back with the choices kept, and is usable from the keyboard', async () => {
    const { user } = setup({ initial: { table: 'coordinator-publication', values: {} } });
    expect(heading()).toHaveTextContent('Supplier Involvement');
    await user.tab();
    expect(radio('Fix Ready')).toHaveFocus();
    await user.keyboard(' ');
    expect(radio('Fix Ready')).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(radio('Cooperative')).toBeChecked();
    await user.tab();
    expect(back()).toHaveFocus();
    await user.tab();
    expect(next()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(heading()).toHaveTextContent('Exploitation');
    await user.click(back());
    expect(heading()).toHaveTextContent('Supplier Involvement');
    expect(radio('Cooperative')).toBeChecked();
    await user.click(back());
    expect(heading()).toHaveTextContent('Decision table');
    expect(radio('Coordinator Publication 1.0.0')).toBeChecked();
  });

  it('lets a compound point be chosen directly instead of through its sources', async () => {
    const { user, onSubmit } = setup({
      initial: { table: 'cisa-coordinator', values: { E: 'poc', A: 'no', TI: 'total' } },
    });
    for (let i = 0; i < 3; i++) await user.click(next());
    expect(heading()).toHaveTextContent('Mission Prevalence');
    await user.click(screen.getByRole('button', { name: 'Choose Mission and Well-Being Impact directly' }));
    expect(heading()).toHaveTextContent('Mission and Well-Being Impact');
    await user.click(radio('Medium'));
    expect(status()).toHaveTextContent('Outcome: Track*');
    expect(screen.getByText('Step 5 of 6')).toBeVisible();
    await user.click(next());
    expect(screen.getByTestId('ssvc-vector').textContent).toMatch(
      new RegExp(`^SSVCv2/E:P/A:N/T:T/M:M/D:R/${VECTOR_TIME}/$`),
    );
    expect(screen.getByText('Track*')).toHaveClass('bg-info');
    await user.click(screen.getByRole('button', { name: 'Save decision' }));
    expect(onSubmit).toHaveBeenCalledWith({
      table: 'cisa-coordinator',
      values: { E: 'P', A: 'N', TI: 'T', MWI: 'M' },
    });
  });

  it('shows the outcome as soon as the remaining points cannot change it (triage)', async () => {
    const { user } = setup({ initial: { table: 'coordinator-triage', values: {} } });
    await user.click(radio('Yes')); // Report Public
    await user.click(next());
    await user.click(radio('Yes')); // Supplier Contacted
    await user.click(next());
    await user.click(radio('Credible'));
    await user.click(next());
    expect(heading()).toHaveTextContent('Supplier Cardinality');
    await user.click(radio('One'));
    expect(status()).toHaveTextContent('Outcome: Decline — the remaining points do not change it.');
  });

  it('shows a stored decision read-only, ending on its result', async () => {
    const { user } = setup({
      readOnly: true,
      initial: {
        table: 'supplier',
        values: { Exploitation: 'public poc', Utility: 'super effective', TI: 'T', PSI: 'S' },
      },
    });
    expect(heading()).toHaveTextContent('Result');
    expect(screen.getByText('Immediate')).toHaveClass('bg-danger');
    expect(screen.getByTestId('ssvc-vector').textContent).toMatch(
      new RegExp(`^SSVCv2/E:P/U:S/T:T/P:S/R:I/${VECTOR_TIME}/$`),
    );
    expect(screen.queryByRole('button', { name: 'Save decision' })).toBeNull();
    await user.click(back());
    expect(heading()).toHaveTextContent('Public Safety Impact');
    expect(radio('Significant')).toBeChecked();
    expect(radio('Minimal')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /instead/ })).toBeNull();
  });

  it('disables saving while submitting', async () => {
    const { user } = setup({
      submitting: true,
      initial: { table: 'cisa-bod-26-04', values: { KEV: 'Y', PE: 'Y', A: 'N', TI: 'T' } },
    });
    for (let i = 0; i < 4; i++) await user.click(next());
    expect(screen.getByText('3 days & forensic investigation')).toHaveClass('bg-danger');
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  });
});

describe('SsvcOutcomeBadge', () => {
  it.each([
    ['cisa-coordinator', 'T', 'Track', 'success'],
    ['cisa-coordinator', 'Track*', 'Track*', 'info'],
    ['cisa-coordinator', 'attend', 'Attend', 'warning'],
    ['cisa-coordinator', 'AC', 'Act', 'danger'],
    ['supplier', 'D', 'Defer', 'success'],
    ['deployer', 'S', 'Scheduled', 'info'],
    ['deployer', 'out-of-cycle', 'Out-of-Cycle', 'warning'],
    ['supplier', 'I', 'Immediate', 'danger'],
    ['coordinator-triage', 'D', 'Decline', 'success'],
    ['coordinator-triage', 'T', 'Track', 'warning'],
    ['coordinator-triage', 'C', 'Coordinate', 'danger'],
    ['coordinator-publication', 'N', 'Do Not Publish', 'secondary'],
    ['coordinator-publication', 'P', 'Publish', 'primary'],
    ['cisa-bod-26-04', 'FSU', 'Fix on system upgrade', 'success'],
    ['cisa-bod-26-04', '3DF', '3 days & forensic investigation', 'danger'],
    ['nope', 'X', 'X', 'secondary'],
  ])('%s %s is %s in %s', (table, outcome, name, colour) => {
    render(<SsvcOutcomeBadge table={table} outcome={outcome} />);
    const badge = screen.getByText(name);
    expect(badge).toHaveClass('badge', `bg-${colour}`);
    expectReadableBadge(badge);
  });
});

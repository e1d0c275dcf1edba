import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Cvss4ScoreRecord } from '@cvdp/core';
import { Cvss4Calculator } from '../index.ts';

const DEFAULT = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:N/SA:N';
const INCOMPLETE = 'All fields are required.  Check all metrics and try again';

function setup(props: { value?: string; idPrefix?: string } = {}) {
  const onChange = vi.fn<(vector: string | null, record: Cvss4ScoreRecord | null) => void>();
  const user = userEvent.setup();
  const view = render(<Cvss4Calculator onChange={onChange} {...props} />);
  return { onChange, user, ...view };
}

const group = (label: string) => screen.getByRole('group', { name: label });
const radio = (metric: string, option: string) => within(group(metric)).getByRole('radio', { name: option });
const vectorInput = () => screen.getByRole('textbox', { name: 'Vector String' });
const score = () => screen.getByRole('status', { name: 'CVSS score' });
const badge = () => score().parentElement!.querySelector('.badge')!;
const incompleteAlert = () =>
  screen.queryByText((_, el) => el?.textContent === INCOMPLETE && el.matches('.alert'));

function expectScore(value: string, severity: string, colour: string) {
  expect(score()).toHaveTextContent(value);
  expect(badge()).toHaveTextContent(severity);
  expect(badge()).toHaveClass(`bg-${colour}`);
}

describe('Cvss4Calculator', () => {
  it('starts at AV:N AC:L AT:N PR:N UI:N with no impact: score 0, NONE', () => {
    setup();
    expect(radio('Attack Vector (AV)', 'Network (N)')).toBeChecked();
    expect(radio('Attack Complexity (AC)', 'Low (L)')).toBeChecked();
    expect(radio('Attack Requirements (AT)', 'None (N)')).toBeChecked();
    expect(radio('Privileges Required (PR)', 'None (N)')).toBeChecked();
    expect(radio('User Interaction (UI)', 'None (N)')).toBeChecked();
    for (const impact of ['VC', 'VI', 'VA', 'SC', 'SI', 'SA']) {
      const [label] = screen.getAllByRole('group').filter((g) => g.textContent?.includes(`(${impact})`));
      expect(within(label).getByRole('radio', { name: 'None (N)' })).toBeChecked();
    }
    expect(vectorInput()).toHaveValue(DEFAULT);
    expectScore('0.0', 'NONE', 'success');
    expect(incompleteAlert()).toBeNull();
  });

  it('shows only the 11 base metrics, with the options of SPEC §9', () => {
    setup();
    const options = (label: string) =>
      within(group(label))
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).labels?.[0].textContent);
    expect([...document.querySelectorAll('legend')].map((l) => l.textContent)).toEqual([
      'Attack Vector (AV)',
      'Attack Complexity (AC)',
      'Attack Requirements (AT)',
      'Privileges Required (PR)',
      'User Interaction (UI)',
      'Vulnerable System Confidentiality Impact (VC)',
      'Vulnerable System Integrity Impact (VI)',
      'Vulnerable System Availability Impact (VA)',
      'Subsequent System Confidentiality Impact (SC)',
      'Subsequent System Integrity Impact (SI)',
      'Subsequent System Availability Impact (SA)',
    ]);
    expect(screen.getAllByRole('radio')).toHaveLength(4 + 2 + 2 + 3 + 3 + 6 * 3);
    expect(options('Attack Vector (AV)')).toEqual([
      'Network (N)',
      'Adjacent (A)',
      'Local (L)',
      'Physical (P)',
    ]);
    expect(options('Attack Complexity (AC)')).toEqual(['Low (L)', 'High (H)']);
    expect(options('Attack Requirements (AT)')).toEqual(['None (N)', 'Present (P)']);
    expect(options('Privileges Required (PR)')).toEqual(['None (N)', 'Low (L)', 'High (H)']);
    expect(options('User Interaction (UI)')).toEqual(['None (N)', 'Passive (P)', 'Active (A)']);
    expect(options('Subsequent System Integrity Impact (SI)')).toEqual(['High (H)', 'Low (L)', 'None (N)']);
  });

  it('recalculates on every change: score, vector, badge colour and onChange', async () => {
    const { user, onChange } = setup();
    await user.click(radio('Vulnerable System Confidentiality Impact (VC)', 'Low (L)'));
    expectScore('6.9', 'MEDIUM', 'warning');
    expect(vectorInput()).toHaveValue(DEFAULT.replace('VC:N', 'VC:L'));

    await user.click(radio('Vulnerable System Confidentiality Impact (VC)', 'High (H)'));
    expectScore('8.7', 'HIGH', 'danger');

    await user.click(radio('Vulnerable System Integrity Impact (VI)', 'High (H)'));
    expectScore('9.3', 'CRITICAL', 'danger');
    const vector = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:N/SC:N/SI:N/SA:N';
    expect(vectorInput()).toHaveValue(vector);

    await user.click(radio('Attack Vector (AV)', 'Physical (P)'));
    expectScore('6.8', 'MEDIUM', 'warning');

    expect(onChange).toHaveBeenCalledTimes(4);
    expect(onChange.mock.calls[2]).toEqual([
      vector,
      expect.objectContaining({
        vectorString: vector,
        baseScore: 9.3,
        baseSeverity: 'CRITICAL',
        version: '4.0',
        attackVector: 'NETWORK',
        vulnConfidentialityImpact: 'HIGH',
        vulnIntegrityImpact: 'HIGH',
        subAvailabilityImpact: 'NONE',
      }),
    ]);
  });

  it('Reset restores the defaults and score 0', async () => {
    const { user, onChange } = setup({
      value: 'CVSS:4.0/AV:L/AC:H/AT:P/PR:H/UI:A/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H/E:P',
    });
    expect(score()).not.toHaveTextContent('0.0');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(vectorInput()).toHaveValue(DEFAULT);
    expect(radio('Attack Vector (AV)', 'Network (N)')).toBeChecked();
    expectScore('0.0', 'NONE', 'success');
    expect(onChange).toHaveBeenLastCalledWith(
      DEFAULT,
      expect.objectContaining({ baseScore: 0, baseSeverity: 'NONE' }),
    );
  });

  it('takes a pasted CVSS:4.0 vector', async () => {
    const { user, onChange } = setup();
    const pasted = 'CVSS:4.0/AV:A/AC:H/AT:P/PR:L/UI:P/VC:H/VI:H/VA:H/SC:L/SI:L/SA:L';
    await user.tripleClick(vectorInput());
    await user.paste(pasted);
    expect(radio('Attack Vector (AV)', 'Adjacent (A)')).toBeChecked();
    expect(radio('User Interaction (UI)', 'Passive (P)')).toBeChecked();
    expectScore('5.4', 'MEDIUM', 'warning');
    expect(onChange).toHaveBeenLastCalledWith(pasted, expect.objectContaining({ baseScore: 5.4 }));
  });

  it('rejects an invalid vector with the engine message, keeps the metrics and shows no score', async () => {
    const { user, onChange } = setup();
    await user.click(radio('Vulnerable System Availability Impact (VA)', 'High (H)'));
    expectScore('8.7', 'HIGH', 'danger');
    onChange.mockClear();
    const before = (vectorInput() as HTMLInputElement).value;

    await user.tripleClick(vectorInput());
    await user.paste('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H');
    expect(vectorInput()).toHaveClass('is-invalid');
    expect(
      screen.getByText('invalid CVSS v4.0 vector: only CVSS:4.0/ vectors are accepted, not CVSS:3.1/'),
    ).toBeInTheDocument();
    expect(radio('Vulnerable System Availability Impact (VA)', 'High (H)')).toBeChecked();
    expect(radio('Attack Vector (AV)', 'Network (N)')).toBeChecked();
    // No score and no badge beside an invalid vector; the form no longer holds the previous vector.
    expect(screen.queryByRole('status', { name: 'CVSS score' })).toBeNull();
    expect(screen.queryByText('HIGH')).toBeNull();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(null, null);

    await user.tripleClick(vectorInput());
    await user.paste(`${before}/`);
    expect(screen.getByText("invalid CVSS v4.0 vector: trailing '/'")).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'CVSS score' })).toBeNull();
    expect(onChange).toHaveBeenCalledTimes(1);

    // A metric click replaces the rejected text with the current vector again.
    await user.click(radio('Attack Complexity (AC)', 'High (H)'));
    expect(vectorInput()).toHaveValue(before.replace('AC:L', 'AC:H'));
    expect(vectorInput()).not.toHaveClass('is-invalid');
  });

  it('asks for all fields when a metric is cleared, and emits null until it is set again', async () => {
    const { user, onChange } = setup();
    await user.click(screen.getByRole('button', { name: 'Clear Attack Vector (AV)' }));
    expect(incompleteAlert()).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'CVSS score' })).toBeNull();
    expect(within(group('Attack Vector (AV)')).queryByRole('radio', { checked: true })).toBeNull();
    expect(vectorInput()).toHaveValue('CVSS:4.0/AC:L/AT:N/PR:N/UI:N/VC:N/VI:N/VA:N/SC:N/SI:N/SA:N');
    expect(onChange).toHaveBeenLastCalledWith(null, null);

    await user.click(radio('Attack Vector (AV)', 'Local (L)'));
    expect(incompleteAlert()).toBeNull();
    expectScore('0.0', 'NONE', 'success');
    expect(onChange).toHaveBeenLastCalledWith(
      DEFAULT.replace('AV:N', 'AV:L'),
      expect.objectContaining({ baseScore: 0 }),
    );
  });

  it('loads a value that lacks metrics as incomplete, keeping what it has', () => {
    const { onChange } = setup({ value: 'CVSS:4.0/AV:P/AC:H' });
    expect(radio('Attack Vector (AV)', 'Physical (P)')).toBeChecked();
    expect(within(group('Attack Requirements (AT)')).queryByRole('radio', { checked: true })).toBeNull();
    expect(incompleteAlert()).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('scores threat and environmental metrics of a loaded vector and keeps them', async () => {
    const { user, onChange } = setup({
      value: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/E:U',
    });
    expectScore('8.1', 'HIGH', 'danger');
    expect(screen.getByText(/Also scored from the vector \(not shown as inputs\): E:U/)).toBeInTheDocument();
    await user.click(radio('Subsequent System Confidentiality Impact (SC)', 'Low (L)'));
    expect(onChange).toHaveBeenLastCalledWith(
      'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:L/SI:N/SA:N/E:U',
      expect.objectContaining({ exploitMaturity: 'UNREPORTED' }),
    );
  });

  it('shows why a loaded value is invalid, starts the inputs from the defaults and shows no score', () => {
    setup({ value: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:S/SA:N' });
    expect(vectorInput()).toHaveClass('is-invalid');
    expect(screen.getByText(/invalid metric value 'SI:S'/)).toBeInTheDocument();
    expect(radio('Attack Vector (AV)', 'Network (N)')).toBeChecked();
    expect(screen.queryByRole('status', { name: 'CVSS score' })).toBeNull();
    expect(screen.queryByText('NONE')).toBeNull();
  });

  it('expands the macro-vector breakdown with each EQ, its level and what it means', async () => {
    const { user } = setup({ value: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:P/VC:H/VI:L/VA:N/SC:H/SI:H/SA:H' });
    const toggle = screen.getByRole('button', { name: 'Show macro vector breakdown' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table')).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('101100')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole<HTMLTableRowElement>('row').slice(1);
    expect(rows.map((r) => [r.cells[0].textContent, r.cells[2].textContent])).toEqual([
      ['EQ1', '1'],
      ['EQ2', '0'],
      ['EQ3', '1'],
      ['EQ4', '1'],
      ['EQ5', '0'],
      ['EQ6', '0'],
    ]);
    expect(rows[0].cells[3]).toHaveTextContent(
      '(AV:N or PR:N or UI:N) and not (AV:N and PR:N and UI:N) and not AV:P',
    );
    expect(rows[4].cells[3]).toHaveTextContent('E:A');

    await user.click(screen.getByRole('button', { name: 'Hide macro vector breakdown' }));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is operable with the keyboard alone', async () => {
    const { user, onChange } = setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Reset' })).toHaveFocus();
    await user.tab();
    expect(radio('Attack Vector (AV)', 'Network (N)')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(radio('Attack Vector (AV)', 'Adjacent (A)')).toBeChecked();
    expect(vectorInput()).toHaveValue(DEFAULT.replace('AV:N', 'AV:A'));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(radio('Attack Vector (AV)', 'Physical (P)')).toBeChecked();

    // The clear control is the next tab stop; clearing puts focus back on the group to choose again.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Clear Attack Vector (AV)' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(incompleteAlert()).toBeInTheDocument();
    expect(radio('Attack Vector (AV)', 'Network (N)')).toHaveFocus();
    expect(radio('Attack Vector (AV)', 'Network (N)')).not.toBeChecked();
    await user.keyboard(' ');
    expect(radio('Attack Vector (AV)', 'Network (N)')).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(DEFAULT, expect.objectContaining({ baseScore: 0 }));

    // Reset by keyboard.
    await user.click(radio('Vulnerable System Confidentiality Impact (VC)', 'High (H)'));
    screen.getByRole('button', { name: 'Reset' }).focus();
    await user.keyboard('{Enter}');
    expectScore('0.0', 'NONE', 'success');
  });

  it('keeps ids unique when several calculators are on one page', () => {
    const onChange = vi.fn();
    const { container } = render(
      <>
        <Cvss4Calculator onChange={onChange} idPrefix="vul-0-cvss" />
        <Cvss4Calculator onChange={onChange} idPrefix="vul-1-cvss" />
        <Cvss4Calculator onChange={onChange} />
        <Cvss4Calculator onChange={onChange} />
      </>,
    );
    const ids = [...container.querySelectorAll('[id]')].map((el) => el.id);
    expect(ids.length).toBeGreaterThan(4 * 30);
    expect(new Set(ids).size).toBe(ids.length);
    expect(container.querySelector('#vul-1-cvss-AV-N')).toBeInstanceOf(HTMLInputElement);
    // Radio groups are separate: choosing in one calculator leaves the others alone.
    expect(container.querySelectorAll('input[type=radio]:checked')).toHaveLength(4 * 11);
  });
});

describe('Cvss4Calculator with a parent that holds the value', () => {
  function Parent({
    initial,
    onRecord,
  }: {
    initial?: string;
    onRecord: (r: Cvss4ScoreRecord | null) => void;
  }) {
    const [value, setValue] = useState<string | undefined>(initial);
    return (
      <>
        <Cvss4Calculator
          value={value}
          onChange={(vector, record) => {
            setValue(vector ?? undefined);
            onRecord(record);
          }}
        />
        <button
          type="button"
          onClick={() => setValue('CVSS:4.0/AV:L/AC:L/AT:N/PR:L/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N')}
        >
          load
        </button>
      </>
    );
  }

  it('does not reset when its own null is echoed back, and follows a new value from the parent', async () => {
    const onRecord = vi.fn();
    const user = userEvent.setup();
    render(<Parent onRecord={onRecord} />);
    await user.click(radio('Vulnerable System Integrity Impact (VI)', 'High (H)'));
    await user.click(screen.getByRole('button', { name: 'Clear Attack Requirements (AT)' }));
    // The parent now passes undefined back; the user's choices must stay.
    expect(radio('Vulnerable System Integrity Impact (VI)', 'High (H)')).toBeChecked();
    expect(incompleteAlert()).toBeInTheDocument();
    expect(onRecord).toHaveBeenLastCalledWith(null);

    await user.click(screen.getByRole('button', { name: 'load' }));
    expect(radio('Attack Vector (AV)', 'Local (L)')).toBeChecked();
    expect(radio('Attack Requirements (AT)', 'None (N)')).toBeChecked();
    expectScore('8.5', 'HIGH', 'danger');
  });
});

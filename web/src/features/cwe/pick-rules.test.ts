import { describe, expect, it } from 'vitest';
import { pickStep, prohibitedReason, type PickableCwe } from './pick-rules.ts';

const entry = (usage: string, overrides: Partial<PickableCwe> = {}): PickableCwe => ({
  cwe: 'CWE-9',
  name: 'Nine',
  usage,
  mapping_note: null,
  ...overrides,
});
const four = ['CWE-1', 'CWE-2', 'CWE-3', 'CWE-4'];
const five = [...four, 'CWE-5'];

describe('pickStep', () => {
  it('takes an Allowed or Allowed-with-Review entry while fewer than 5 are chosen', () => {
    expect(pickStep(entry('Allowed'), four)).toBe('add');
    expect(pickStep(entry('Allowed-with-Review'), [])).toBe('add');
    // A chosen CWE whose usage is not known (a token, the 'Selected CWEs' list) can still be added back.
    expect(pickStep({ cwe: 'CWE-9', name: '' }, [])).toBe('add');
  });

  it('asks first for a Discouraged entry', () => {
    expect(pickStep(entry('Discouraged'), [])).toBe('confirm');
  });

  it('never takes a Prohibited entry, whatever the count', () => {
    expect(pickStep(entry('Prohibited'), [])).toBe('prohibited');
    expect(pickStep(entry('Prohibited'), five)).toBe('prohibited');
  });

  it('refuses a sixth (SPEC §5), before asking about a Discouraged one', () => {
    expect(pickStep(entry('Allowed'), five)).toBe('limit');
    expect(pickStep(entry('Discouraged'), five)).toBe('limit');
  });

  it('removes a chosen entry, even a Prohibited one chosen before the rule', () => {
    expect(pickStep(entry('Allowed'), ['CWE-9'])).toBe('remove');
    expect(pickStep(entry('Prohibited'), [...four, 'CWE-9'])).toBe('remove');
  });
});

describe('prohibitedReason', () => {
  it("gives MITRE's rationale, or the rule when a release has none", () => {
    const note = { rationale: 'This entry is a Category.', comments: 'See its members.' };
    expect(prohibitedReason(entry('Prohibited', { mapping_note: note }))).toBe(
      'Cannot be selected: This entry is a Category.',
    );
    expect(prohibitedReason(entry('Prohibited'))).toBe(
      'Cannot be selected: MITRE prohibits mapping vulnerabilities to it.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  CWE_LIMIT_MESSAGE,
  MAX_CWES_PER_VULNERABILITY,
  canAddCwe,
  cweListSchema,
  isDiscouragedCwe,
  isProhibitedCwe,
  isRetiredCwe,
  prohibitedCweMessage,
  prohibitedCwesIn,
  cweNumber,
  isCweId,
  normalizeCweId,
} from './index.ts';

describe('normalizeCweId', () => {
  it.each([
    ['79', 'CWE-79'],
    ['cwe-79', 'CWE-79'],
    ['CWE-79', 'CWE-79'],
    [' CWE 79 ', 'CWE-79'],
    ['CWE79', 'CWE-79'],
    ['079', 'CWE-79'],
    ['1004', 'CWE-1004'],
  ])('%j → %s', (input, expected) => {
    expect(normalizeCweId(input)).toBe(expected);
  });

  it.each(['', 'CWE-', 'CWE-0', '0', 'xss', 'CWE-79a', '7 9', '-79', 'CWE--79', '1234567'])(
    'rejects %j',
    (input) => {
      expect(normalizeCweId(input)).toBeNull();
      expect(isCweId(input)).toBe(false);
    },
  );

  it('gives the number', () => {
    expect(cweNumber('cwe-79')).toBe(79);
    expect(cweNumber('nope')).toBeNull();
  });
});

describe('cweListSchema', () => {
  it('normalises and de-duplicates', () => {
    expect(cweListSchema.parse(['79', 'CWE-79', 'cwe-89'])).toEqual(['CWE-79', 'CWE-89']);
  });

  it('accepts exactly five', () => {
    const five = ['1', '2', '3', '4', '5'];
    expect(cweListSchema.parse(five)).toHaveLength(MAX_CWES_PER_VULNERABILITY);
  });

  it('refuses a sixth with the spec message', () => {
    const result = cweListSchema.safeParse(['1', '2', '3', '4', '5', '6']);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([CWE_LIMIT_MESSAGE]);
    expect(CWE_LIMIT_MESSAGE).toBe('Max limit of 5 CWEs');
  });

  it('refuses text that is not a CWE id', () => {
    const result = cweListSchema.safeParse(['79', 'xss']);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual([1]);
  });

  it('canAddCwe stops at five', () => {
    expect(canAddCwe(4)).toBe(true);
    expect(canAddCwe(5)).toBe(false);
  });
});

describe("MITRE's mapping usage", () => {
  it('treats Deprecated and Obsolete as retired, nothing else', () => {
    expect(['Deprecated', 'Obsolete'].map((status) => isRetiredCwe({ status }))).toEqual([true, true]);
    expect(['Stable', 'Draft', 'Incomplete'].some((status) => isRetiredCwe({ status }))).toBe(false);
  });

  it('tells Prohibited and Discouraged apart from the usable ones', () => {
    expect(isProhibitedCwe({ usage: 'Prohibited' })).toBe(true);
    expect(isDiscouragedCwe({ usage: 'Discouraged' })).toBe(true);
    for (const usage of ['Allowed', 'Allowed-with-Review'])
      expect(isProhibitedCwe({ usage }) || isDiscouragedCwe({ usage })).toBe(false);
  });

  it('names the CWE in the refusal, and reads the names back from the messages', () => {
    const message = prohibitedCweMessage('CWE-840', ' This entry is a Category. ');
    expect(message).toBe(
      'CWE-840 cannot be used: MITRE prohibits mapping vulnerabilities to it. This entry is a Category.',
    );
    expect(prohibitedCweMessage('CWE-1')).toBe(
      'CWE-1 cannot be used: MITRE prohibits mapping vulnerabilities to it.',
    );
    expect(prohibitedCwesIn([message, 'Max limit of 5 CWEs', prohibitedCweMessage('CWE-16')])).toEqual([
      'CWE-840',
      'CWE-16',
    ]);
  });
});

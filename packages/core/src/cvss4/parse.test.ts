// Strict parsing by FIRST's rules, the error kinds and messages, canonical strings and the zod schema.
import { describe, expect, it } from 'vitest';
import {
  Cvss4Error,
  CVSS4_BASE_METRIC_OPTIONS,
  CVSS4_BASE_METRICS,
  CVSS4_DEFAULT_VECTOR,
  CVSS4_METRIC_VALUES,
  CVSS_INCOMPLETE_MESSAGE,
  cvss4CanonicalVector,
  cvss4Nomenclature,
  cvss4Record,
  cvss4VectorSchema,
  cvss4VectorString,
  hasAllCvss4BaseMetrics,
  isValidCvss4Vector,
  parseCvss4,
  parseCvss4Partial,
  scoreCvss4,
  type Cvss4ErrorCode,
} from './index.ts';

const BASE = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';

function errorOf(vector: string): Cvss4Error {
  try {
    parseCvss4(vector);
  } catch (error) {
    if (error instanceof Cvss4Error) return error;
    throw error;
  }
  throw new Error(`accepted: ${vector}`);
}

describe('parseCvss4 rejects', () => {
  const cases: [string, string, Cvss4ErrorCode, string][] = [
    [
      'metrics out of order',
      'CVSS:4.0/AV:N/AC:L/PR:N/AT:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
      'INVALID_VECTOR',
      'metric AT is out of order',
    ],
    [
      'optional metrics out of order',
      `${BASE}/CR:H/E:A`,
      'INVALID_VECTOR',
      'metric E is out of order: it must come before CR',
    ],
    [
      'a duplicate base metric',
      'CVSS:4.0/AV:N/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
      'INVALID_VECTOR',
      'metric AV appears more than once',
    ],
    ['a duplicate optional metric', `${BASE}/E:A/E:A`, 'INVALID_VECTOR', 'metric E appears more than once'],
    [
      'a CVSS 3.1 prefix',
      BASE.replace('CVSS:4.0', 'CVSS:3.1'),
      'INVALID_VECTOR',
      'only CVSS:4.0/ vectors are accepted, not CVSS:3.1/',
    ],
    ['no prefix', BASE.slice('CVSS:4.0/'.length), 'INVALID_VECTOR', 'must start with CVSS:4.0/'],
    ['a lowercase vector', BASE.toLowerCase(), 'INVALID_VECTOR', 'the prefix must be CVSS:4.0/ in capitals'],
    ['a lowercase value', BASE.replace('AV:N', 'AV:n'), 'INVALID_METRIC_VALUE', 'AV takes N, A, L, P'],
    ['a lowercase metric', BASE.replace('AV:N', 'av:N'), 'UNKNOWN_METRIC', "'av' is not a CVSS v4.0 metric"],
    ['a trailing slash', `${BASE}/`, 'INVALID_VECTOR', "trailing '/'"],
    ['an empty component', BASE.replace('/AC:L', '//AC:L'), 'INVALID_VECTOR', "empty metric ('//')"],
    [
      'SI:S in the base group',
      BASE.replace('SI:N', 'SI:S'),
      'INVALID_METRIC_VALUE',
      'allowed only on MSI and MSA',
    ],
    ['MSC:S', `${BASE}/MSC:S`, 'INVALID_METRIC_VALUE', 'allowed only on MSI and MSA'],
    [
      'a missing last base metric (FIRST misses this one)',
      BASE.replace('/SA:N', ''),
      'INVALID_VECTOR',
      'base metric SA is missing',
    ],
    [
      'a missing middle base metric',
      BASE.replace('/VI:H', ''),
      'INVALID_VECTOR',
      'base metric VI is missing',
    ],
    [
      'only optional metrics after a partial base',
      'CVSS:4.0/AV:N/E:A',
      'INVALID_VECTOR',
      'base metric AC is missing',
    ],
    ['an unknown metric', `${BASE}/XX:1`, 'UNKNOWN_METRIC', "'XX' is not a CVSS v4.0 metric"],
    ['a bad value', BASE.replace('AC:L', 'AC:Q'), 'INVALID_METRIC_VALUE', 'AC takes L, H'],
    ['X on a base metric', BASE.replace('AT:N', 'AT:X'), 'INVALID_METRIC_VALUE', 'base metrics cannot be X'],
    ['a bad optional value', `${BASE}/U:red`, 'INVALID_METRIC_VALUE', 'U takes X, Clear, Green, Amber, Red'],
    ['a component without a colon', BASE.replace('AV:N', 'AVN'), 'INVALID_VECTOR', "'AVN' is not KEY:VALUE"],
    ['the prefix alone', 'CVSS:4.0/', 'INVALID_VECTOR', 'no metrics after CVSS:4.0/'],
    ['an empty string', '', 'INVALID_VECTOR', 'the vector is empty'],
    ['surrounding spaces', ` ${BASE}`, 'INVALID_VECTOR', 'must start with CVSS:4.0/'],
  ];

  it.each(cases)('%s', (_name, vector, code, reason) => {
    const error = errorOf(vector);
    expect(error.code).toBe(code);
    expect(error.reason).toContain(reason);
    expect(isValidCvss4Vector(vector)).toBe(false);
    expect(() => scoreCvss4(vector)).toThrow(Cvss4Error);
    expect(() => cvss4Record(vector)).toThrow(Cvss4Error);
  });

  it('with the catalogue messages (SPEC §8) naming the metric or value', () => {
    expect(errorOf(BASE.replace('AC:L', 'PR:N/AC:L')).message).toBe('invalid CVSS v4.0 vector');
    expect(errorOf(`${BASE}/XX:1`).message).toBe("unknown metric 'XX'");
    expect(errorOf(BASE.replace('AC:L', 'AC:Q')).message).toBe("invalid metric value 'AC:Q'");
    expect(errorOf(`${BASE}/`).description).toBe("invalid CVSS v4.0 vector: trailing '/'");
  });
});

describe('parseCvss4 accepts', () => {
  it('a base vector, giving the metrics as written', () => {
    expect(parseCvss4(BASE).metrics).toEqual({
      AV: 'N',
      AC: 'L',
      AT: 'N',
      PR: 'N',
      UI: 'N',
      VC: 'H',
      VI: 'H',
      VA: 'H',
      SC: 'N',
      SI: 'N',
      SA: 'N',
    });
  });

  it('every optional metric in order, with explicit X kept in metrics but left out of the canonical string', () => {
    const vector = `${BASE}/E:P/CR:X/IR:M/AR:L/MAV:A/MAC:H/MAT:P/MPR:L/MUI:A/MVC:L/MVI:N/MVA:X/MSC:L/MSI:S/MSA:N/S:P/AU:Y/R:I/V:C/RE:M/U:Clear`;
    const parsed = parseCvss4(vector);
    expect(parsed.metrics.CR).toBe('X');
    expect(parsed.metrics.U).toBe('Clear');
    expect(cvss4CanonicalVector(parsed)).toBe(vector.replace('/CR:X', '').replace('/MVA:X', ''));
    expect(cvss4Nomenclature(parsed)).toBe('CVSS-BTE');
  });

  it('and names the nomenclature by groups set to something other than X', () => {
    expect(cvss4Nomenclature(parseCvss4(BASE))).toBe('CVSS-B');
    expect(cvss4Nomenclature(parseCvss4(`${BASE}/E:X/CR:X/S:P`))).toBe('CVSS-B');
    expect(cvss4Nomenclature(parseCvss4(`${BASE}/E:U`))).toBe('CVSS-BT');
    expect(cvss4Nomenclature(parseCvss4(`${BASE}/MSI:S`))).toBe('CVSS-BE');
  });
});

describe('parseCvss4Partial', () => {
  it('allows missing base metrics but nothing else', () => {
    expect(parseCvss4Partial('CVSS:4.0/AV:N/PR:L/E:A')).toEqual({ AV: 'N', PR: 'L', E: 'A' });
    expect(() => parseCvss4Partial('CVSS:4.0/PR:L/AV:N')).toThrow('invalid CVSS v4.0 vector');
    expect(() => parseCvss4Partial('CVSS:3.1/AV:N')).toThrow('invalid CVSS v4.0 vector');
    expect(() => parseCvss4Partial('CVSS:4.0/AV:X')).toThrow("invalid metric value 'AV:X'");
  });
});

describe('vector strings from metrics', () => {
  it('are built in FIRST order without X, and tell whether the base is complete', () => {
    const metrics = { SA: 'N', AV: 'L', E: 'X', U: 'Red' } as const;
    expect(cvss4VectorString(metrics)).toBe('CVSS:4.0/AV:L/SA:N/U:Red');
    expect(hasAllCvss4BaseMetrics(metrics)).toBe(false);
    expect(hasAllCvss4BaseMetrics(parseCvss4(BASE).metrics)).toBe(true);
    expect(cvss4VectorString(parseCvss4(BASE).metrics)).toBe(BASE);
  });
});

describe('constants', () => {
  it('default vector scores 0 and lists the base metrics in order', () => {
    expect(scoreCvss4(CVSS4_DEFAULT_VECTOR)).toBe(0);
    expect(CVSS4_BASE_METRICS).toEqual(['AV', 'AC', 'AT', 'PR', 'UI', 'VC', 'VI', 'VA', 'SC', 'SI', 'SA']);
    expect(CVSS_INCOMPLETE_MESSAGE).toBe('All fields are required.  Check all metrics and try again');
  });

  it('metric options are those of SPEC §9', () => {
    const options = Object.fromEntries(
      CVSS4_BASE_METRIC_OPTIONS.map((m) => [m.key, m.options.map((o) => o.value)]),
    );
    expect(options).toEqual({
      AV: ['N', 'A', 'L', 'P'],
      AC: ['L', 'H'],
      AT: ['N', 'P'],
      PR: ['N', 'L', 'H'],
      UI: ['N', 'P', 'A'],
      VC: ['H', 'L', 'N'],
      VI: ['H', 'L', 'N'],
      VA: ['H', 'L', 'N'],
      SC: ['H', 'L', 'N'],
      SI: ['H', 'L', 'N'],
      SA: ['H', 'L', 'N'],
    });
    expect(CVSS4_BASE_METRIC_OPTIONS[0].label).toBe('Attack Vector (AV)');
    expect(CVSS4_BASE_METRIC_OPTIONS[0].options[0].label).toBe('Network (N)');
    expect(CVSS4_METRIC_VALUES.E).toEqual(['X', 'A', 'P', 'U']);
    expect(CVSS4_METRIC_VALUES.CR).toEqual(['X', 'H', 'M', 'L']);
    expect(CVSS4_METRIC_VALUES.U).toEqual(['X', 'Clear', 'Green', 'Amber', 'Red']);
  });
});

describe('cvss4VectorSchema', () => {
  it('accepts a valid vector and says why an invalid one is rejected', () => {
    expect(cvss4VectorSchema.parse(BASE)).toBe(BASE);
    const result = cvss4VectorSchema.safeParse(BASE.replace('SI:N', 'SI:S'));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(
      "invalid metric value 'SI:S': SI takes H, L, N; S (Safety) is allowed only on MSI and MSA",
    );
    expect(cvss4VectorSchema.safeParse(42).success).toBe(false);
  });
});

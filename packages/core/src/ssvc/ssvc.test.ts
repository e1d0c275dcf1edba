// SSVC decisions against the reference: every row of every table of ssvc.md §4 and every compound lookup of §3,
// from fixtures generated from the markdown (scripts/ssvc-fixture.ts); vector strings (§5.1), the
// SelectionList shape (§5.3), label normalisation (§6) and refusals.
import { describe, expect, it } from 'vitest';
import bod from './fixtures/cisa-bod-26-04.json' with { type: 'json' };
import cisa from './fixtures/cisa-coordinator.json' with { type: 'json' };
import compound from './fixtures/compound.json' with { type: 'json' };
import publication from './fixtures/coordinator-publication.json' with { type: 'json' };
import triage from './fixtures/coordinator-triage.json' with { type: 'json' };
import deployer from './fixtures/deployer.json' with { type: 'json' };
import supplier from './fixtures/supplier.json' with { type: 'json' };
import {
  SSVC_DECISION_POINTS,
  SSVC_TABLE_IDS,
  SSVC_TABLES,
  decideSsvc,
  parseSsvcVector,
  ssvcInputSchema,
  ssvcPossibleOutcomes,
  type SsvcDecision,
} from './index.ts';

interface Fixture {
  table: string;
  rows: { values: Record<string, string>; outcome: string }[];
}
const fixtures: [Fixture, number][] = [
  [cisa, 36],
  [supplier, 36],
  [deployer, 72],
  [triage, 192],
  [publication, 27],
  [bod, 16],
];

function decided(table: string, values: Record<string, string>, at?: Date): SsvcDecision {
  const result = decideSsvc(table, values, at);
  if (!result.ok) throw new Error(`${table} ${JSON.stringify(values)}: ${result.field}: ${result.message}`);
  return result.decision;
}
const lower = (s: string) => s.toLowerCase();

describe('every row of every decision table (ssvc.md §4)', () => {
  it('covers all six tables with their stated row counts', () => {
    expect(fixtures.map(([f]) => f.table).sort()).toEqual([...SSVC_TABLE_IDS].sort());
    for (const [fixture, count] of fixtures) {
      expect(fixture.rows, fixture.table).toHaveLength(count);
      expect(
        Object.keys(SSVC_TABLES[fixture.table as keyof typeof SSVC_TABLES].rows),
        fixture.table,
      ).toHaveLength(count);
    }
    const tally = (o: string) => triage.rows.filter((r) => r.outcome === o).length;
    expect([tally('decline'), tally('track'), tally('coordinate')]).toEqual([150, 15, 27]);
  });

  for (const [fixture] of fixtures) {
    it(`${fixture.table}: each of the ${fixture.rows.length} rows gives the table's outcome`, () => {
      const wrong: string[] = [];
      for (const row of fixture.rows) {
        const decision = decided(fixture.table, row.values);
        if (lower(decision.outcome.name) !== lower(row.outcome)) {
          wrong.push(`${JSON.stringify(row.values)} → ${decision.outcome.name}, expected ${row.outcome}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('ignores an outcome sent along with the values', () => {
    const row = cisa.rows[0];
    for (const key of ['D', 'decision', 'outcome', 'CISA Levels']) {
      expect(decided('cisa-coordinator', { ...row.values, [key]: 'Act' }).outcome).toEqual({
        key: 'T',
        name: 'Track',
      });
    }
  });
});

describe('compound decision points (ssvc.md §3)', () => {
  // A table that derives the point, and the other inputs it needs (any values: only the derived one is checked).
  const through: Record<string, [string, string, Record<string, string>]> = {
    Utility: ['supplier', 'U', { E: 'N', TI: 'P', PSI: 'M' }],
    'Public Safety Impact': ['supplier', 'PSI', { E: 'N', TI: 'P', U: 'L' }],
    'Human Impact': ['deployer', 'HI', { E: 'N', EXP: 'S', A: 'N' }],
    'Mission & Well-being': ['cisa-coordinator', 'MWI', { E: 'N', A: 'N', TI: 'P' }],
  };
  it('has the four lookups of §3 with every combination', () => {
    expect(compound.points.map((p) => [p.point, p.rows.length])).toEqual([
      ['Utility', 4],
      ['Public Safety Impact', 4],
      ['Human Impact', 16],
      ['Mission & Well-being', 9],
    ]);
  });
  for (const point of compound.points) {
    it(`${point.point}: each combination derives the reference's value`, () => {
      const [table, key, rest] = through[point.point];
      for (const row of point.rows) {
        const decision = decided(table, { ...rest, ...row.values });
        const value = decision.values[key];
        const name = SSVC_DECISION_POINTS[key as keyof typeof SSVC_DECISION_POINTS].values.find(
          (v) => v.key === value,
        )!.name;
        expect(lower(name), JSON.stringify(row.values)).toBe(lower(row.outcome));
        // Given together with its sources, the reference's value is accepted and any other refused.
        expect(decideSsvc(table, { ...rest, ...row.values, [key]: row.outcome }).ok).toBe(true);
        const other = SSVC_DECISION_POINTS[key as keyof typeof SSVC_DECISION_POINTS].values.find(
          (v) => v.key !== value,
        )!;
        expect(decideSsvc(table, { ...rest, ...row.values, [key]: other.key })).toMatchObject({
          ok: false,
          field: key,
        });
      }
    });
  }
});

describe('decideSsvc', () => {
  const at = new Date('2024-01-01T00:00:00.123Z');

  it('gives the table, the values in tree order (derived included), the outcome and the vector', () => {
    const decision = decided(
      'cisa-coordinator',
      // In any order, by key, name or the tree's vector key (T = Technical Impact).
      { MP: 'support', 'Public Well-being Impact': 'material', E: 'active', A: 'Y', T: 'Total' },
      at,
    );
    expect(decision).toMatchObject({
      table: 'cisa-coordinator',
      tableName: 'CISA Coordinator',
      tableVersion: '2.0.3',
      values: { E: 'A', A: 'Y', TI: 'T', MP: 'S', PWI: 'MA', MWI: 'M' },
      outcome: { key: 'AC', name: 'Act' },
      vector: 'SSVCv2/E:A/A:Y/T:T/P:S/B:A/M:M/D:C/2024-01-01T00:00:00Z/',
    });
    expect(Object.keys(decision.values)).toEqual(['E', 'A', 'TI', 'MP', 'PWI', 'MWI']);
  });

  it('takes Mission & Well-being directly, without its sources', () => {
    const decision = decided('cisa-coordinator', { E: 'poc', A: 'no', TI: 'total', 'M&W': 'medium' }, at);
    expect(decision.outcome).toEqual({ key: 'T*', name: 'Track*' });
    expect(decision.vector).toBe('SSVCv2/E:P/A:N/T:T/M:M/D:R/2024-01-01T00:00:00Z/');
  });

  it('normalises labels: keys or names in any case, poc / public poc, yes / no (§6)', () => {
    const spellings: Record<string, string>[] = [
      { E: 'P', A: 'Y', TI: 'T', MWI: 'H' },
      { exploitation: 'public poc', automatable: 'yes', 'technical impact': 'total', 'M&W': 'high' },
      {
        EXPLOITATION: 'PoC',
        Automatable: 'YES',
        'Technical Impact': 'TOTAL',
        'Mission and Well-Being Impact': 'High',
      },
      { e: 'Public PoC', a: 'y', ti: 't', mwi: 'h' },
    ];
    for (const values of spellings) {
      expect(decided('cisa-coordinator', values).outcome.key, JSON.stringify(values)).toBe('AT');
    }
    expect(
      decided('deployer', { E: 'none', Exposure: 'unavoidable', A: 'yes', SI: 'negligible', MI: 'degraded' }),
    ).toMatchObject({ values: { EXP: 'O', HI: 'L' }, outcome: { key: 'S' } });
  });

  it('names the decision point that is unknown, missing or out of range', () => {
    expect(decideSsvc('cvss', { E: 'A' })).toEqual({
      ok: false,
      field: 'table',
      message: 'Not an SSVC decision table.',
    });
    expect(decideSsvc('cisa-coordinator', { E: 'A', A: 'Y', TI: 'T' })).toEqual({
      ok: false,
      field: 'MWI',
      message:
        'Choose a value for Mission and Well-Being Impact (or Mission Prevalence and Public Well-Being Impact).',
    });
    expect(decideSsvc('cisa-coordinator', { A: 'Y', TI: 'T', MWI: 'H' })).toMatchObject({
      ok: false,
      field: 'E',
    });
    expect(decideSsvc('cisa-coordinator', { E: 'A', A: 'Y', TI: 'T', MP: 'E' })).toMatchObject({
      ok: false,
      field: 'PWI',
    });
    expect(decideSsvc('cisa-coordinator', { E: 'sometimes', A: 'Y', TI: 'T', MWI: 'H' })).toEqual({
      ok: false,
      field: 'E',
      message: 'Not a value of Exploitation (None, Public PoC, Active).',
    });
    expect(decideSsvc('cisa-coordinator', { E: 'A', A: 'Y', TI: 'T', MWI: 'H', SI: 'N' })).toMatchObject({
      ok: false,
      field: 'SI',
      message: 'Not a decision point of the CISA Coordinator table.',
    });
    expect(
      decideSsvc('cisa-coordinator', { E: 'A', Exploitation: 'none', A: 'Y', TI: 'T', MWI: 'H' }),
    ).toMatchObject({
      ok: false,
      field: 'E',
    });
    // An empty value is a missing one.
    expect(decideSsvc('supplier', { E: '', U: 'L', TI: 'P', PSI: 'M' })).toMatchObject({
      ok: false,
      field: 'E',
    });
  });

  it('refuses a derived value that contradicts its sources', () => {
    expect(decideSsvc('cisa-coordinator', { E: 'A', A: 'Y', TI: 'T', MP: 'S', PWI: 'MA', MWI: 'H' })).toEqual(
      {
        ok: false,
        field: 'MWI',
        message:
          'Mission and Well-Being Impact High contradicts Mission Prevalence Support × Public Well-Being Impact Material, which give Medium.',
      },
    );
    expect(
      decideSsvc('supplier', { E: 'N', A: 'Y', VD: 'C', U: 'laborious', TI: 'P', PSI: 'M' }),
    ).toMatchObject({
      ok: false,
      field: 'U',
    });
    expect(decideSsvc('deployer', { E: 'N', EXP: 'S', A: 'N', SI: 'C', MI: 'D', HI: 'L' })).toMatchObject({
      ok: false,
      field: 'HI',
    });
  });

  it('builds a SelectionList 2.0.0 with the required fields and no others (§5.3)', () => {
    const { selectionList } = decided('supplier', { E: 'P', A: 'Y', VD: 'D', TI: 'P', SI: 'N' }, at);
    expect(Object.keys(selectionList).sort()).toEqual(['schemaVersion', 'selections', 'timestamp']);
    const allowed = [
      'schemaVersion',
      'timestamp',
      'selections',
      'target_ids',
      'decision_point_resources',
      'references',
    ];
    expect(Object.keys(selectionList).every((k) => allowed.includes(k))).toBe(true);
    expect(selectionList.schemaVersion).toBe('2.0.0');
    expect(selectionList.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(selectionList.timestamp).toBe('2024-01-01T00:00:00Z');
    expect(selectionList.selections.length).toBeGreaterThanOrEqual(1);
    expect(selectionList.selections[0]).toEqual({
      namespace: 'ssvc',
      key: 'E',
      version: '1.1.0',
      name: 'Exploitation',
      values: [{ key: 'P', name: 'Public PoC' }],
    });
    expect(selectionList.selections.map((s) => `${s.namespace}:${s.key}:${s.version}`)).toEqual([
      'ssvc:E:1.1.0',
      'ssvc:A:2.0.0',
      'ssvc:VD:1.0.0',
      'ssvc:U:1.0.1',
      'ssvc:TI:1.0.0',
      'ssvc:SI:2.0.1',
      'ssvc:PSI:2.0.1',
    ]);
    for (const selection of selectionList.selections) {
      expect(
        Object.keys(selection).every((k) =>
          ['namespace', 'key', 'version', 'name', 'definition', 'values'].includes(k),
        ),
      ).toBe(true);
      expect(selection.values.length).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('vector strings (§5.1)', () => {
  it("round-trips CERT's archived example (CVE-2014-0751)", () => {
    const vector = 'SSVCv2/E:A/A:N/T:T/P:M/B:A/M:M/D:A/2021-09-29T15:29:44Z/';
    const result = parseSsvcVector(vector);
    expect(result).toMatchObject({
      ok: true,
      decision: {
        table: 'cisa-coordinator',
        values: { E: 'A', A: 'N', TI: 'T', MP: 'M', PWI: 'MA', MWI: 'M' },
        outcome: { key: 'AT', name: 'Attend' },
        vector,
      },
    });
  });

  it('round-trips the consistent CISA example and refuses the inconsistent one', () => {
    const consistent = 'SSVCv2/E:A/A:Y/T:T/P:S/B:A/M:M/D:C/2024-01-01T00:00:00Z/';
    expect(parseSsvcVector(consistent)).toMatchObject({
      ok: true,
      decision: { vector: consistent, outcome: { name: 'Act' } },
    });
    expect(parseSsvcVector('SSVCv2/E:A/A:Y/T:T/P:S/B:A/M:H/D:C/2024-01-01T00:00:00Z/')).toMatchObject({
      ok: false,
      field: 'MWI',
    });
  });

  it('refuses a decision that does not follow from the values, and malformed strings', () => {
    expect(parseSsvcVector('SSVCv2/E:A/A:Y/T:T/P:S/B:A/M:M/D:T/2024-01-01T00:00:00Z/')).toMatchObject({
      ok: false,
      field: 'CISA',
    });
    for (const bad of [
      '',
      'SSVCv2/E:A/A:Y/T:T/2024-01-01T00:00:00Z',
      'SSVCv1/E:A/A:Y/T:T/M:M/D:C/2024-01-01T00:00:00Z/',
      'SSVCv2/E:A/E:A/A:Y/T:T/M:M/D:C/2024-01-01T00:00:00Z/',
      'SSVCv2/E:Q/A:Y/T:T/M:M/D:C/2024-01-01T00:00:00Z/',
      'SSVCv2/Z:A/2024-01-01T00:00:00Z/',
    ]) {
      expect(parseSsvcVector(bad).ok, bad).toBe(false);
    }
  });

  it('round-trips a decision of every table through its own vector', () => {
    const at = new Date('2025-03-06T14:00:00Z');
    for (const [fixture] of fixtures) {
      for (const row of [fixture.rows[0], fixture.rows[fixture.rows.length - 1]]) {
        const decision = decided(fixture.table, row.values, at);
        const parsed = parseSsvcVector(decision.vector);
        expect(parsed, decision.vector).toEqual({ ok: true, decision });
      }
    }
    expect(decided('supplier', { E: 'A', A: 'Y', VD: 'C', TI: 'T', SI: 'R' }, at).vector).toBe(
      'SSVCv2/E:A/A:Y/V:C/U:S/T:T/SI:R/P:S/R:I/2025-03-06T14:00:00Z/',
    );
    expect(decided('deployer', { E: 'A', EXP: 'O', A: 'Y', SI: 'C', MI: 'MF' }, at).vector).toBe(
      'SSVCv2/E:A/X:O/A:Y/S:C/M:MF/H:VH/P:I/2025-03-06T14:00:00Z/',
    );
    expect(decided('cisa-bod-26-04', { KEV: 'no', PE: 'no', A: 'yes', TI: 'total' }, at).vector).toBe(
      'SSVCv2/KEV:N/PE:N/A:Y/TI:T/D:60D/2025-03-06T14:00:00Z/',
    );
  });
});

describe('ssvcPossibleOutcomes and ssvcInputSchema', () => {
  it('narrows the outcomes as values are chosen', () => {
    expect(ssvcPossibleOutcomes('cisa-coordinator', {})).toEqual(['T', 'T*', 'AT', 'AC']);
    expect(ssvcPossibleOutcomes('cisa-coordinator', { E: 'N', A: 'N', TI: 'P' })).toEqual(['T']);
    // Report public and one supplier: declined whatever else.
    expect(ssvcPossibleOutcomes('coordinator-triage', { RP: 'yes', SC: 'one' })).toEqual(['D']);
    expect(ssvcPossibleOutcomes('cisa-coordinator', { E: 'A', A: 'Y', TI: 'T', MP: 'E' })).toEqual(['AC']);
    expect(ssvcPossibleOutcomes('nope', {})).toEqual([]);
  });

  it('validates the body shape', () => {
    expect(ssvcInputSchema.safeParse({ table: 'supplier', values: { E: 'N' } }).success).toBe(true);
    expect(ssvcInputSchema.safeParse({ table: 'supplier', values: { E: 1 } }).success).toBe(false);
    expect(ssvcInputSchema.safeParse({ values: {} }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, 'v']));
    expect(ssvcInputSchema.safeParse({ table: 'supplier', values: many }).success).toBe(false);
  });
});

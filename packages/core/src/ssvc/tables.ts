// SSVC decision tables as data (../shared/reference/ssvc.md §3 and §4). Each table is written here the way the
// reference prints it — one line per row of the leading inputs, one outcome per column of the trailing inputs —
// and expanded once at load into `rows`: the joined value keys of every input (in tree order) → outcome key.
// The fixtures generated from the reference (scripts/ssvc-fixture.ts) check every expanded row.
import { SSVC_DECISION_POINTS, type SsvcDecisionPointKey } from './decision-points.ts';

export const SSVC_TABLE_IDS = [
  'cisa-coordinator',
  'supplier',
  'deployer',
  'coordinator-triage',
  'coordinator-publication',
  'cisa-bod-26-04',
] as const;
export type SsvcTableId = (typeof SSVC_TABLE_IDS)[number];

export interface SsvcTableInput {
  /** Decision point key. */
  key: SsvcDecisionPointKey;
  /** A compound point the caller may give directly or through these points (its lookup is SSVC_DERIVED[key]). */
  derivedFrom?: readonly SsvcDecisionPointKey[];
}

export interface SsvcTable {
  id: SsvcTableId;
  name: string;
  version: string;
  description: string;
  /** Key of the outcome group (a decision point of SSVC_DECISION_POINTS). */
  outcome: SsvcDecisionPointKey;
  /** The table's inputs in tree order: what `rows` is keyed on. */
  inputs: readonly SsvcTableInput[];
  /** Every point in tree order, derived ones right after their sources (the order of values and vectors). */
  order: readonly SsvcDecisionPointKey[];
  /** Segment key of each point (outcome included) in the SSVCv2 vector string. */
  vectorKeys: Readonly<Record<string, string>>;
  /** Where a vector value key differs from the decision point's value key: point → value key → vector key. */
  vectorValues: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Joined input value keys ('A|Y|T|M') → outcome value key. Complete: every combination is present. */
  rows: Readonly<Record<string, string>>;
}

export interface SsvcDerivation {
  from: readonly SsvcDecisionPointKey[];
  /** Joined source value keys → derived value key. */
  rows: Readonly<Record<string, string>>;
}

export const SSVC_KEY_SEPARATOR = '|';

const valuesOf = (key: SsvcDecisionPointKey) => SSVC_DECISION_POINTS[key].values.map((v) => v.key);

/** Cartesian product of the points' value keys, first point outermost, joined. */
function combinations(keys: readonly SsvcDecisionPointKey[]): string[] {
  return keys.reduce<string[]>(
    (acc, key) =>
      acc.flatMap((prefix) => valuesOf(key).map((v) => (prefix ? prefix + SSVC_KEY_SEPARATOR + v : v))),
    [''],
  );
}

/**
 * Expands printed rows: `printed[joined row keys] = 'o1 o2 …'`, one outcome per combination of `columns`
 * (first column point outermost). Throws at load if a row or a cell is missing or unknown.
 */
function expand(
  rowPoints: readonly SsvcDecisionPointKey[],
  columnPoints: readonly SsvcDecisionPointKey[],
  outcome: SsvcDecisionPointKey,
  printed: Record<string, string>,
): Record<string, string> {
  const outcomes = new Set(valuesOf(outcome));
  const columns = combinations(columnPoints);
  const rows: Record<string, string> = {};
  for (const rowKey of combinations(rowPoints)) {
    const cells = printed[rowKey]?.split(' ') ?? [];
    if (cells.length !== columns.length || cells.some((c) => !outcomes.has(c))) {
      throw new Error(`SSVC table row ${rowKey} is incomplete`);
    }
    columns.forEach((column, i) => {
      rows[rowKey && column ? rowKey + SSVC_KEY_SEPARATOR + column : rowKey || column] = cells[i];
    });
  }
  if (Object.keys(printed).length !== combinations(rowPoints).length)
    throw new Error('SSVC table has extra rows');
  return rows;
}

/** §3: compound decision points and their lookups. */
export const SSVC_DERIVED: Readonly<Partial<Record<SsvcDecisionPointKey, SsvcDerivation>>> = {
  // 3.1 Utility = Automatable × Value Density (columns diffuse, concentrated).
  U: { from: ['A', 'VD'], rows: expand(['A'], ['VD'], 'U', { N: 'L E', Y: 'E S' }) },
  // 3.2 Public Safety Impact = Safety Impact.
  PSI: { from: ['SI'], rows: expand([], ['SI'], 'PSI', { '': 'M S S S' }) },
  // 3.3 Human Impact = Safety Impact × Mission Impact (columns degraded, MEF support crippled, MEF failure, mission failure).
  HI: {
    from: ['SI', 'MI'],
    rows: expand(['SI'], ['MI'], 'HI', { N: 'L L M VH', M: 'L L M VH', R: 'M H H VH', C: 'VH VH VH VH' }),
  },
  // 3.4 Mission & Well-being = Mission Prevalence × Public Well-being Impact (columns minimal, material, irreversible).
  MWI: { from: ['MP', 'PWI'], rows: expand(['MP'], ['PWI'], 'MWI', { M: 'L M H', S: 'M M H', E: 'H H H' }) },
};

const U = { key: 'U', derivedFrom: ['A', 'VD'] } as const;
const PSI = { key: 'PSI', derivedFrom: ['SI'] } as const;

export const SSVC_TABLES: Record<SsvcTableId, SsvcTable> = {
  // 4.1; vector keys and value keys from CISA-Coordinator.json (§5.1).
  'cisa-coordinator': {
    id: 'cisa-coordinator',
    name: 'CISA Coordinator',
    version: '2.0.3',
    description:
      'The CISA tree used by CISA and Vulnrichment: how urgently to respond, from exploitation, automatability, technical impact and mission & well-being.',
    outcome: 'CISA',
    inputs: [{ key: 'E' }, { key: 'A' }, { key: 'TI' }, { key: 'MWI', derivedFrom: ['MP', 'PWI'] }],
    order: ['E', 'A', 'TI', 'MP', 'PWI', 'MWI'],
    vectorKeys: { E: 'E', A: 'A', TI: 'T', MP: 'P', PWI: 'B', MWI: 'M', CISA: 'D' },
    vectorValues: { PWI: { M: 'M', MA: 'A', I: 'I' }, CISA: { T: 'T', 'T*': 'R', AT: 'A', AC: 'C' } },
    // Columns: M&W low, medium, high.
    rows: expand(['E', 'A', 'TI'], ['MWI'], 'CISA', {
      'N|N|P': 'T T T',
      'N|N|T': 'T T T*',
      'N|Y|P': 'T T AT',
      'N|Y|T': 'T T AT',
      'P|N|P': 'T T T*',
      'P|N|T': 'T T* AT',
      'P|Y|P': 'T T AT',
      'P|Y|T': 'T T* AT',
      'A|N|P': 'T T AT',
      'A|N|T': 'T AT AC',
      'A|Y|P': 'AT AT AC',
      'A|Y|T': 'AT AC AC',
    }),
  },
  // 4.2; vector keys: the supplier calculator's E A V U T P R (§5.1), and the decision point key SI for Safety
  // Impact, which that calculator does not ask. Value keys are the decision points'.
  supplier: {
    id: 'supplier',
    name: 'Supplier Patch Development Priority',
    version: '1.0.0',
    description: 'How urgently a supplier should develop a patch.',
    outcome: 'DSOI',
    inputs: [{ key: 'E' }, U, { key: 'TI' }, PSI],
    order: ['E', 'A', 'VD', 'U', 'TI', 'SI', 'PSI'],
    vectorKeys: { E: 'E', A: 'A', VD: 'V', U: 'U', TI: 'T', SI: 'SI', PSI: 'P', DSOI: 'R' },
    vectorValues: {},
    // Columns: TI partial + PSI minimal, partial + significant, total + minimal, total + significant.
    rows: expand(['E', 'U'], ['TI', 'PSI'], 'DSOI', {
      'N|L': 'D S S O',
      'N|E': 'S O S O',
      'N|S': 'S O O O',
      'P|L': 'S O S I',
      'P|E': 'S I O I',
      'P|S': 'O I O I',
      'A|L': 'O I O I',
      'A|E': 'O I O I',
      'A|S': 'I I I I',
    }),
  },
  // 4.3; vector keys: the deployer calculator's E X A S M H P (§5.1). Value keys are the decision points'.
  deployer: {
    id: 'deployer',
    name: 'Deployer Patch Application Priority',
    version: '1.0.0',
    description: 'How urgently a deployer should apply a patch.',
    outcome: 'DSOI',
    inputs: [{ key: 'E' }, { key: 'EXP' }, { key: 'A' }, { key: 'HI', derivedFrom: ['SI', 'MI'] }],
    order: ['E', 'EXP', 'A', 'SI', 'MI', 'HI'],
    vectorKeys: { E: 'E', EXP: 'X', A: 'A', SI: 'S', MI: 'M', HI: 'H', DSOI: 'P' },
    vectorValues: {},
    // Columns: HI low, medium, high, very high.
    rows: expand(['E', 'EXP', 'A'], ['HI'], 'DSOI', {
      'N|S|N': 'D D S S',
      'N|S|Y': 'D S S S',
      'N|C|N': 'D S S S',
      'N|C|Y': 'S S S S',
      'N|O|N': 'D S S S',
      'N|O|Y': 'S S S O',
      'P|S|N': 'D S S S',
      'P|S|Y': 'S S S S',
      'P|C|N': 'D S S S',
      'P|C|Y': 'S S S O',
      'P|O|N': 'S S S O',
      'P|O|Y': 'S S O O',
      'A|S|N': 'S S O O',
      'A|S|Y': 'S O O O',
      'A|C|N': 'S S O O',
      'A|C|Y': 'O O O O',
      'A|O|N': 'S O O I',
      'A|O|Y': 'O O I I',
    }),
  },
  // 4.4; no calculator keys: decision point keys, and D for the outcome (§5.1).
  'coordinator-triage': {
    id: 'coordinator-triage',
    name: 'Coordinator Triage',
    version: '1.0.0',
    description: 'Whether a coordinator should decline, track or coordinate a report.',
    outcome: 'COORDINATE',
    inputs: [{ key: 'RP' }, { key: 'SCON' }, { key: 'RC' }, { key: 'SC' }, { key: 'SE' }, U, PSI],
    order: ['RP', 'SCON', 'RC', 'SC', 'SE', 'A', 'VD', 'U', 'SI', 'PSI'],
    vectorKeys: {
      RP: 'RP',
      SCON: 'SCON',
      RC: 'RC',
      SC: 'SC',
      SE: 'SE',
      A: 'A',
      VD: 'VD',
      U: 'U',
      SI: 'SI',
      PSI: 'PSI',
      COORDINATE: 'D',
    },
    vectorValues: {},
    // Rows: Report Public | Supplier Contacted | Credibility | Cardinality | Engagement. Columns: Utility
    // laborious, efficient, super effective, each with PSI minimal then significant.
    rows: expand(['RP', 'SCON', 'RC', 'SC', 'SE'], ['U', 'PSI'], 'COORDINATE', {
      'Y|N|NC|O|A': 'D D D D D D',
      'Y|N|NC|O|U': 'D D D D D D',
      'Y|N|NC|M|A': 'D D D D D C',
      'Y|N|NC|M|U': 'D D D D D C',
      'Y|N|C|O|A': 'D D D D D D',
      'Y|N|C|O|U': 'D D D D D D',
      'Y|N|C|M|A': 'D D D D D C',
      'Y|N|C|M|U': 'D D D D D C',
      'Y|Y|NC|O|A': 'D D D D D D',
      'Y|Y|NC|O|U': 'D D D D D D',
      'Y|Y|NC|M|A': 'D D D D D C',
      'Y|Y|NC|M|U': 'D D D D D C',
      'Y|Y|C|O|A': 'D D D D D D',
      'Y|Y|C|O|U': 'D D D D D D',
      'Y|Y|C|M|A': 'D D D D D C',
      'Y|Y|C|M|U': 'D D D D D C',
      'N|N|NC|O|A': 'D D D D D D',
      'N|N|NC|O|U': 'D D D D D D',
      'N|N|NC|M|A': 'D D D D D C',
      'N|N|NC|M|U': 'D D D D D C',
      'N|N|C|O|A': 'D D D D D D',
      'N|N|C|O|U': 'D D D D D D',
      'N|N|C|M|A': 'D D D D D C',
      'N|N|C|M|U': 'D D D D D C',
      'N|Y|NC|O|A': 'D D D T D T',
      'N|Y|NC|O|U': 'D D D T D T',
      'N|Y|NC|M|A': 'D T D T T C',
      'N|Y|NC|M|U': 'D T D T T C',
      'N|Y|C|O|A': 'D D D T D T',
      'N|Y|C|O|U': 'T C C C C C',
      'N|Y|C|M|A': 'D T D T C C',
      'N|Y|C|M|U': 'C C C C C C',
    }),
  },
  // 4.5; no calculator keys: decision point keys, and D for the outcome (§5.1).
  'coordinator-publication': {
    id: 'coordinator-publication',
    name: 'Coordinator Publication',
    version: '1.0.0',
    description: 'Whether a coordinator should publish its own advisory.',
    outcome: 'PUBLISH',
    inputs: [{ key: 'SINV' }, { key: 'E' }, { key: 'PVA' }],
    order: ['SINV', 'E', 'PVA'],
    vectorKeys: { SINV: 'SINV', E: 'E', PVA: 'PVA', PUBLISH: 'D' },
    vectorValues: {},
    // Columns: PVA limited, ampliative, precedence.
    rows: expand(['SINV', 'E'], ['PVA'], 'PUBLISH', {
      'FR|N': 'N N P',
      'FR|P': 'N N P',
      'FR|A': 'N P P',
      'C|N': 'N N P',
      'C|P': 'N N P',
      'C|A': 'N P P',
      'UU|N': 'N N P',
      'UU|P': 'N P P',
      'UU|A': 'P P P',
    }),
  },
  // 4.6; no calculator keys: decision point keys, and D for the outcome. Its value keys contain digits (60D…),
  // which the vector parser accepts although §5.1's regex does not.
  'cisa-bod-26-04': {
    id: 'cisa-bod-26-04',
    name: 'CISA BOD 26-04 Remediation Timeline',
    version: '1.0.0',
    description:
      'Remediation deadlines for US federal agencies under CISA Binding Operational Directive 26-04.',
    outcome: 'BOD2604',
    inputs: [{ key: 'KEV' }, { key: 'PE' }, { key: 'A' }, { key: 'TI' }],
    order: ['KEV', 'PE', 'A', 'TI'],
    vectorKeys: { KEV: 'KEV', PE: 'PE', A: 'A', TI: 'TI', BOD2604: 'D' },
    vectorValues: {},
    // Columns: A no + TI partial, no + total, yes + partial, yes + total.
    rows: expand(['KEV', 'PE'], ['A', 'TI'], 'BOD2604', {
      'N|N': 'FSU FSU 60D 60D',
      'N|Y': '60D 14D 14D 3D',
      'Y|N': '14D 14D 14D 3DF',
      'Y|Y': '14D 3DF 3D 3DF',
    }),
  },
};

export const isSsvcTableId = (id: string): id is SsvcTableId =>
  (SSVC_TABLE_IDS as readonly string[]).includes(id);

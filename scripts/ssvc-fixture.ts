// Generates the SSVC test fixtures (packages/core/src/ssvc/fixtures/*.json) from the reference markdown, so
// the tests check the decision tables against the reference and not against a second copy typed by hand.
// Run after the reference changes: `npx tsx scripts/ssvc-fixture.ts [path/to/ssvc.md]`
// (default ../shared/reference/ssvc.md). The fixtures are committed: CI has no ../shared.
//
// Each fixture row keeps the reference's own labels (point names as printed, abbreviations expanded from the
// table's list of inputs; lower-case value names), so the tests also exercise label normalisation.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const source = path.resolve(process.argv[2] ?? path.join(root, '../shared/reference/ssvc.md'));
const outDir = path.join(root, 'packages/core/src/ssvc/fixtures');
const md = readFileSync(source, 'utf8');

interface Row {
  values: Record<string, string>;
  outcome: string;
}

/** The text of a numbered section ('4.1', '3.3'), up to the next numbered section or heading. */
function section(number: string): string {
  const lines = md.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`${number} `));
  if (start < 0) throw new Error(`section ${number} not found`);
  const end = lines.findIndex((l, i) => i > start && (/^\d\.\d /.test(l) || l.startsWith('#')));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/** The markdown table of a section: header cells and body rows (the separator line dropped). */
function table(text: string): { header: string[]; body: string[][] } {
  const rows = text
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .map((l) =>
      l
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim().replace(/\\\*/g, '*')),
    );
  const [header, , ...body] = rows;
  return { header, body };
}

const initials = (name: string) =>
  name
    .split(' ')
    .map((w) => w[0])
    .join('');

/** A printed point label ('TI', 'Exposure', 'Credibility', 'M&W') → the full input name from `names`. */
function expand(label: string, names: string[]): string {
  const found =
    names.find((n) => n.toLowerCase() === label.toLowerCase()) ??
    names.find((n) => initials(n) === label) ??
    names.find((n) => n.toLowerCase().endsWith(` ${label.toLowerCase()}`));
  if (!found) throw new Error(`cannot expand "${label}" among ${names.join(', ')}`);
  return found;
}

/** 'Inputs: A (x/y), B, C.' or 'inputs A, B; 36 rows' → ['A', 'B', 'C']. */
function inputNames(text: string): string[] {
  const m = /[Ii]nputs:? ([^;)]*?(?:\([^)]*\)[^;)]*?)*)(?:\.|;|\)\.)/.exec(text.replace(/\n/g, ' '));
  if (!m) throw new Error(`no inputs in: ${text.slice(0, 80)}`);
  return m[1].split(/,\s*/).map((s) => s.replace(/\s*\(.*\)$/, '').trim());
}

/** One value per printed column header: 'TI partial, PSI minimal' → { 'Technical Impact': 'partial', … }. */
function column(header: string, names: string[]): Record<string, string> {
  return Object.fromEntries(
    header.split(/,\s*/).map((part) => {
      // The point label is one word ('TI', 'M&W', 'HI', 'A') and the value the rest ('very high').
      const [label, ...value] = part.split(' ');
      return [expand(label, names), value.join(' ')];
    }),
  );
}

/** A section with a table whose first column is 'P1 / P2 / …' and whose other headers name the trailing points. */
function grid(number: string, expectedRows: number): Row[] {
  const text = section(number);
  const names = inputNames(text);
  const { header, body } = table(text);
  const rowPoints = header[0].split(' / ').map((l) => expand(l, names));
  const rows: Row[] = [];
  for (const cells of body) {
    const rowValues = cells[0].split(' / ');
    if (rowValues.length !== rowPoints.length) throw new Error(`${number}: bad row ${cells[0]}`);
    cells.slice(1).forEach((outcome, i) => {
      const values = Object.fromEntries(rowPoints.map((p, j) => [p, rowValues[j]]));
      rows.push({ values: { ...values, ...column(header[i + 1], names) }, outcome });
    });
  }
  const stated = /(\d+) rows/.exec(text)?.[1];
  if (rows.length !== expectedRows || (stated && Number(stated) !== expectedRows)) {
    throw new Error(`${number}: ${rows.length} rows, expected ${expectedRows} (stated ${stated})`);
  }
  return rows;
}

/** §4.4: the rule for Report Public = yes or Supplier Contacted = no, and the grid for the rest. */
function triage(): Row[] {
  const text = section('4.4');
  const names = inputNames(text);
  // "(D=decline, T=track, C=coordinate; 64 rows)"
  const legend = Object.fromEntries(
    [...text.matchAll(/\b([A-Z])=(decline|track|coordinate)\b/g)].map((m) => [m[1], m[2]]),
  );
  const abbreviations: Record<string, string> = {
    'labor.': 'laborious',
    'effic.': 'efficient',
    super: 'super effective',
    'signif.': 'significant',
    minimal: 'minimal',
  };
  const { header, body } = table(text);
  const rowPoints = header[0].split(' / ').map((l) => expand(l, names));
  // "(Columns are Utility + Public Safety Impact.)"
  const columnPoints = /Columns are ([^.)]+)/
    .exec(text)![1]
    .split(' + ')
    .map((l) => expand(l.trim(), names));
  const gridRows = new Map<string, string>();
  for (const cells of body) {
    cells.slice(1).forEach((cell, i) => {
      const [u, psi] = header[i + 1].split('+').map((a) => abbreviations[a] ?? a);
      gridRows.set([...cells[0].split(' / '), u, psi].join('|'), legend[cell]);
    });
  }
  const domain: Record<string, string[]> = {
    'Report Public': ['yes', 'no'],
    'Supplier Contacted': ['no', 'yes'],
    'Report Credibility': ['not credible', 'credible'],
    'Supplier Cardinality': ['one', 'multiple'],
    'Supplier Engagement': ['active', 'unresponsive'],
    Utility: ['laborious', 'efficient', 'super effective'],
    'Public Safety Impact': ['minimal', 'significant'],
  };
  const order = ['Report Public', 'Supplier Contacted', ...rowPoints, ...columnPoints];
  if (order.join() !== names.join()) throw new Error(`4.4: inputs ${names.join()} vs ${order.join()}`);
  let combos: Record<string, string>[] = [{}];
  for (const name of names) combos = combos.flatMap((c) => domain[name].map((v) => ({ ...c, [name]: v })));
  const rows = combos.map((values) => {
    let outcome: string;
    if (values['Report Public'] === 'yes' || values['Supplier Contacted'] === 'no') {
      // Rule 1: coordinate when Cardinality = multiple AND Utility = super effective AND PSI = significant.
      const coordinate =
        values['Supplier Cardinality'] === 'multiple' &&
        values.Utility === 'super effective' &&
        values['Public Safety Impact'] === 'significant';
      outcome = coordinate ? 'coordinate' : 'decline';
    } else {
      outcome = gridRows.get([...rowPoints, ...columnPoints].map((p) => values[p]).join('|'))!;
      if (!outcome) throw new Error(`4.4: no grid cell for ${JSON.stringify(values)}`);
    }
    return { values, outcome };
  });
  const counts = /= 192 rows: (\d+) decline, (\d+) track, (\d+) coordinate/.exec(text)!;
  const count = (o: string) => rows.filter((r) => r.outcome === o).length;
  if (
    rows.length !== 192 ||
    count('decline') !== Number(counts[1]) ||
    count('track') !== Number(counts[2]) ||
    count('coordinate') !== Number(counts[3])
  ) {
    throw new Error(
      `4.4: counts ${count('decline')}/${count('track')}/${count('coordinate')} differ from the text`,
    );
  }
  return rows;
}

/** §3: the compound points, as { derived point name, its sources' values → derived value }. */
function compound(): { point: string; rows: Row[] }[] {
  const prose = (number: string) => {
    const text = section(number).replace(/\n/g, ' ');
    const m = /^\d\.\d (.+?) = f\(([^)]+)\)(?: \([^)]*\))?: (.+?)\.\s*$/.exec(text)!;
    const [, point, from, pairs] = m;
    const sources = from.split(', ');
    const rows = pairs.split('; ').flatMap((pair) => {
      const [lhs, outcome] = pair.split('=');
      // 'no+diffuse' (two sources) or 'marginal, critical, catastrophic' (alternatives of one source).
      return sources.length > 1
        ? [{ values: Object.fromEntries(lhs.split('+').map((v, i) => [sources[i], v.trim()])), outcome }]
        : lhs.split(', ').map((v) => ({ values: { [sources[0]]: v.trim() }, outcome }));
    });
    return { point, rows };
  };
  const tabular = (number: string) => {
    const text = section(number);
    const m = /^\d\.\d (.+?) = f\(([^)]+)\)/.exec(text)!;
    const sources = m[2].split(', ');
    const { header, body } = table(text);
    const [rowLabel, columnLabel] = header[0].split(' \\ ').map((l) => expand(l, sources));
    const rows = body.flatMap((cells) =>
      cells.slice(1).map((outcome, i) => ({
        values: { [rowLabel]: cells[0], [columnLabel]: header[i + 1] },
        outcome,
      })),
    );
    return { point: m[1], rows };
  };
  return [prose('3.1'), prose('3.2'), tabular('3.3'), tabular('3.4')];
}

function write(name: string, data: unknown) {
  writeFileSync(path.join(outDir, `${name}.json`), JSON.stringify(data, null, 2) + '\n');
}

mkdirSync(outDir, { recursive: true });
const generated = `scripts/ssvc-fixture.ts from ssvc.md`;
const tables: [string, string, () => Row[]][] = [
  ['cisa-coordinator', '4.1', () => grid('4.1', 36)],
  ['supplier', '4.2', () => grid('4.2', 36)],
  ['deployer', '4.3', () => grid('4.3', 72)],
  ['coordinator-triage', '4.4', triage],
  ['coordinator-publication', '4.5', () => grid('4.5', 27)],
  ['cisa-bod-26-04', '4.6', () => grid('4.6', 16)],
];
for (const [id, number, rows] of tables) {
  write(id, { table: id, source: `ssvc.md §${number}`, generated, rows: rows() });
}
write('compound', { source: 'ssvc.md §3', generated, points: compound() });
console.log(`SSVC fixtures written to ${path.relative(root, outDir)}`);

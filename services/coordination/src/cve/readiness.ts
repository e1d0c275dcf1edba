// What a vulnerability's CVE record still needs (issue 24): the CVE JSON 5.1 schema's complaints about the
// record built from the model, turned into a to-do list in plain words, each item saying where on the page it
// is put right. One rule decides readiness: the record is ready exactly when the schema accepts it, and
// GET /api/vul/{id}/cve/ answers 409 exactly when `assessCveRecord(…).ready` is false.
import type { CveReadinessItem, CveReadinessKind } from '@cvdp/core/cve/index';
import { PLACEHOLDER_CVE_ID } from './record.ts';
import { validateCveRecord, type SchemaError } from './schema/validate.ts';

/** The schema's limits the model's own limits exceed (a title may have 300 characters, a description 20,000). */
export const CVE_TITLE_MAX = 256;
export const CVE_DESCRIPTION_MAX = 4096;

const CNA = '/containers/cna';

interface Cna {
  title?: string;
  descriptions?: { value?: string }[];
  affected?: { versions?: unknown[] }[];
  problemTypes?: unknown[];
  metrics?: unknown[];
}

interface Context {
  cna: Cna;
  cveId: string;
  /** The case's published advisory becomes a reference (the instance has a public address). */
  advisoryIsReference: boolean;
}

interface Rule {
  key: string;
  label: string;
  kind: CveReadinessKind;
  /** JSON pointers (and everything under them) whose schema errors are this item's. */
  paths: string[];
  /** Publishing and recommended items, which the schema does not ask for: whether the record holds it, and
   * what to do (and where) when it does not. A required item is missing exactly when the schema says so. */
  present?: { check: (c: Context) => boolean; missing: string };
  /** What to do, and where, when the schema refuses the record because of this item. */
  invalid?: (c: Context, errors: SchemaError[]) => string;
}

const EDIT = 'with Edit on this vulnerability';
const GRID = 'in the Vendor status grid (All vulnerabilities)';
const count = (n: number) => n.toLocaleString('en');
/** The schema's complaints, below the item's own pointer, for the cases no plainer words are written for. */
const said = (errors: SchemaError[]) =>
  errors.map((e) => `${e.path.replace(`${CNA}/`, '')}: ${e.message}`).join('; ');

const RULES: Rule[] = [
  {
    key: 'cve_id',
    label: 'CVE id',
    kind: 'publishing',
    paths: ['/cveMetadata/cveId'],
    present: {
      check: (c) => c.cveId !== PLACEHOLDER_CVE_ID,
      missing:
        'Publishing needs one: a scorer or an administrator reserves an id under CVE accounts and assigns ' +
        `it to this vulnerability, or enter the CVE id ${EDIT}.`,
    },
    invalid: (_c, errors) => `CVE JSON 5.1 refuses this CVE id (${said(errors)}): correct it ${EDIT}.`,
  },
  {
    key: 'description',
    label: `Description of 1 to ${count(CVE_DESCRIPTION_MAX)} characters`,
    kind: 'required',
    paths: [`${CNA}/descriptions`],
    invalid: (c, errors) => {
      const length = c.cna.descriptions?.[0]?.value?.length ?? 0;
      if (length === 0) return `Write a description ${EDIT}.`;
      if (length > CVE_DESCRIPTION_MAX)
        return `The description has ${count(length)} characters, more than a CVE record takes: shorten it ${EDIT}.`;
      return `CVE JSON 5.1 refuses the description (${said(errors)}): correct it ${EDIT}.`;
    },
  },
  {
    key: 'title',
    label: `Title: none, or at most ${count(CVE_TITLE_MAX)} characters`,
    kind: 'required',
    paths: [`${CNA}/title`],
    invalid: (c, errors) => {
      const length = c.cna.title?.length ?? 0;
      if (length > CVE_TITLE_MAX)
        return `The title has ${count(length)} characters, more than a CVE record takes: shorten it ${EDIT}.`;
      return `CVE JSON 5.1 refuses the title (${said(errors)}): correct it ${EDIT}.`;
    },
  },
  {
    key: 'affected',
    label: 'Affected products: at least one vendor’s status',
    kind: 'required',
    paths: [`${CNA}/affected`],
    invalid: (c, errors) =>
      (c.cna.affected?.length ?? 0) === 0
        ? `No vendor has a status for this vulnerability: set one ${GRID}. ` +
          'A vendor takes part in the case through the Participants tab.'
        : `CVE JSON 5.1 refuses a vendor’s status (${said(errors)}): correct its product, versions or CPE ${GRID}.`,
  },
  {
    key: 'versions',
    label: 'Versions: a vendor’s status names the affected or fixed versions',
    kind: 'recommended',
    paths: [],
    present: {
      check: (c) => (c.cna.affected ?? []).some((a) => (a.versions?.length ?? 0) > 0),
      missing: `Add the affected or fixed versions to a vendor’s status ${GRID}.`,
    },
  },
  {
    key: 'references',
    label: 'References: at least one web address',
    kind: 'required',
    paths: [`${CNA}/references`],
    invalid: (c, errors) =>
      errors.some((e) => e.path === `${CNA}/references` && /fewer than 1 items/.test(e.message))
        ? `Add a reference (an http or https address) ${EDIT}` +
          (c.advisoryIsReference
            ? ', or publish the case’s advisory: its public address becomes a reference.'
            : '.')
        : `CVE JSON 5.1 refuses a reference (${said(errors)}): correct it ${EDIT}.`,
  },
  {
    key: 'cwe',
    label: 'Weakness (CWE)',
    kind: 'recommended',
    paths: [`${CNA}/problemTypes`],
    present: { check: (c) => (c.cna.problemTypes?.length ?? 0) > 0, missing: `Add the CWE ${EDIT}.` },
    invalid: (_c, errors) => `CVE JSON 5.1 refuses a CWE (${said(errors)}): correct it ${EDIT}.`,
  },
  {
    key: 'cvss',
    label: 'CVSS score',
    kind: 'recommended',
    paths: [`${CNA}/metrics`],
    present: {
      check: (c) => (c.cna.metrics?.length ?? 0) > 0,
      missing: 'Add a CVSS 4.0 or 3.1 score in the CVSS section of this vulnerability.',
    },
    invalid: (_c, errors) =>
      `CVE JSON 5.1 refuses a CVSS score (${said(errors)}): score it again in the CVSS section.`,
  },
];

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The last item: whatever the schema refuses that no item above names (parts the platform writes). */
function otherItem(errors: SchemaError[]): CveReadinessItem {
  const done = errors.length === 0;
  return {
    key: 'other',
    label: 'Everything else CVE JSON 5.1 requires',
    done,
    kind: 'required',
    hint: done
      ? null
      : `CVE JSON 5.1 refuses ${said(errors)}. These parts come from the platform and the case ` +
        '(its settings, its advisory), not from the vulnerability’s fields: tell an administrator.',
  };
}

export interface CveReadiness {
  /** The record passes CVE JSON 5.1; the one rule behind both this list and the record route's 409. */
  ready: boolean;
  /** The schema's complaints (empty when ready), as the 409 lists them. */
  errors: SchemaError[];
  items: CveReadinessItem[];
}

/** The record's to-do list, from the record the route would answer. */
export function assessCveRecord(
  record: Record<string, unknown>,
  options: { advisoryIsReference: boolean },
): CveReadiness {
  const errors = validateCveRecord(record);
  const c: Context = {
    cna: (record.containers as { cna?: Cna } | undefined)?.cna ?? {},
    cveId: (record.cveMetadata as { cveId?: string } | undefined)?.cveId ?? PLACEHOLDER_CVE_ID,
    advisoryIsReference: options.advisoryIsReference,
  };
  const claimed = new Set<SchemaError>();
  const items = RULES.map((rule): CveReadinessItem => {
    const own = errors.filter((e) => rule.paths.some((p) => under(e.path, p)));
    for (const e of own) claimed.add(e);
    // Anything the schema refuses must be put right before the record is ready, whatever the item's kind.
    if (own.length) {
      const hint = rule.invalid?.(c, own) ?? `CVE JSON 5.1 refuses ${said(own)}.`;
      return { ...base(rule), done: false, kind: 'required', hint };
    }
    const done = !rule.present || rule.present.check(c);
    return { ...base(rule), done, hint: done || !rule.present ? null : rule.present.missing };
  });
  items.push(otherItem(errors.filter((e) => !claimed.has(e))));
  return { ready: errors.length === 0, errors, items };
}

const base = (rule: Rule) => ({ key: rule.key, label: rule.label, kind: rule.kind });

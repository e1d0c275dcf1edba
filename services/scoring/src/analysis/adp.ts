// Our ADP container for a CVE record, in the shapes CISA's Vulnrichment uses (vulnrichment.md §2–3) so that
// consumers who read CISA's data read ours: metrics[].other.type "ssvc" (content {id, role, version,
// timestamp, options}) and "kev" (content {dateAdded, reference}), cvssV4_0 / cvssV3_x, problemTypes with
// our CWEs, references; everything else (the written analysis, our SSVC outcome and the deployer's own
// decision points) in x_ extensions. Checked against the CVE JSON 5.1 schema as part of the full record.
import { SSVC_DECISION_POINTS, SSVC_TABLES, isSsvcTableId } from '@cvdp/core/ssvc/index';
import type { VulScore } from '@cvdp/core/scoring/index';
import type { AnalysisReference } from './tables.ts';

/** CVE Services fills providerMetadata on PUT; until then a placeholder stands in so the record validates. */
export const ADP_PLACEHOLDER_ORG_ID = '00000000-0000-4000-8000-000000000000';
export const ADP_TITLE = 'CVDP scoring analysis';

/** CISA's spellings of the three decision points it publishes (value keys of core's SSVC → CISA's words). */
const CISA_OPTIONS: Record<string, { name: string; values: Record<string, string> }> = {
  E: { name: 'Exploitation', values: { N: 'none', P: 'poc', A: 'active' } },
  A: { name: 'Automatable', values: { N: 'no', Y: 'yes' } },
  TI: { name: 'Technical Impact', values: { P: 'partial', T: 'total' } },
};

export interface AdpInput {
  cveId: string;
  score: VulScore | null;
  analysis: string;
  references: AnalysisReference[];
  kev: { dateAdded: string; reference: string } | null;
  orgId?: string;
  shortName?: string;
  now?: Date;
}

/** SSVC `options` as CISA writes them: one-key objects in tree order, value words lower-case. */
export function ssvcOptions(table: string, values: Record<string, string>): Record<string, string>[] {
  if (table === 'cisa-coordinator') {
    return (['E', 'A', 'TI'] as const)
      .filter((k) => values[k] !== undefined)
      .map((k) => ({ [CISA_OPTIONS[k].name]: CISA_OPTIONS[k].values[values[k]] ?? values[k].toLowerCase() }));
  }
  return Object.entries(values).map(([key, value]) => {
    const point = SSVC_DECISION_POINTS[key as keyof typeof SSVC_DECISION_POINTS];
    const name = point?.values.find((v) => v.key === value)?.name ?? value;
    return { [point?.name ?? key]: name.toLowerCase() };
  });
}

export function buildAdpContainer(input: AdpInput): Record<string, unknown> {
  const now = (input.now ?? new Date()).toISOString();
  const metrics: Record<string, unknown>[] = [];
  const score = input.score;
  if (score?.cvss4)
    metrics.push({
      format: 'CVSS',
      scenarios: [{ lang: 'en', value: 'GENERAL' }],
      cvssV4_0: {
        version: '4.0',
        vectorString: score.cvss4.vector,
        baseScore: score.cvss4.score,
        baseSeverity: score.cvss4.severity.toUpperCase(),
      },
    });
  if (score?.cvss3) {
    const v30 = score.cvss3.vector.startsWith('CVSS:3.0/');
    metrics.push({
      format: 'CVSS',
      scenarios: [{ lang: 'en', value: 'GENERAL' }],
      [v30 ? 'cvssV3_0' : 'cvssV3_1']: {
        version: v30 ? '3.0' : '3.1',
        vectorString: score.cvss3.vector,
        baseScore: score.cvss3.score,
        baseSeverity: score.cvss3.severity.toUpperCase(),
      },
    });
  }
  let cisaExtra: Record<string, string> | undefined;
  if (score?.ssvc) {
    const s = score.ssvc;
    const table = isSsvcTableId(s.table) ? SSVC_TABLES[s.table] : undefined;
    const published = s.table === 'cisa-coordinator' ? ['E', 'A', 'TI'] : Object.keys(s.values);
    const shown = Object.fromEntries(Object.entries(s.values).filter(([k]) => published.includes(k)));
    cisaExtra = Object.fromEntries(Object.entries(s.values).filter(([k]) => !published.includes(k)));
    metrics.push({
      other: {
        type: 'ssvc',
        content: {
          id: input.cveId,
          role: table?.name ?? s.table,
          version: s.table_version || table?.version || '',
          timestamp: score.updated_at ?? now,
          options: ssvcOptions(s.table, shown),
        },
      },
    });
  }
  if (input.kev)
    metrics.push({
      other: { type: 'kev', content: { dateAdded: input.kev.dateAdded, reference: input.kev.reference } },
    });

  const container: Record<string, unknown> = {
    providerMetadata: {
      orgId: input.orgId ?? ADP_PLACEHOLDER_ORG_ID,
      ...(input.shortName ? { shortName: input.shortName } : {}),
      dateUpdated: now,
    },
    title: ADP_TITLE,
  };
  if (metrics.length) container.metrics = metrics;
  if (score?.cwes.length)
    container.problemTypes = [
      {
        descriptions: score.cwes.map((cweId) => ({ lang: 'en', type: 'CWE', cweId, description: cweId })),
      },
    ];
  if (input.references.length)
    container.references = input.references.map((r) => ({
      url: r.url,
      ...(r.name ? { name: r.name } : {}),
      ...(r.tags?.length ? { tags: r.tags } : {}),
    }));
  const extension: Record<string, unknown> = {};
  if (input.analysis) extension.analysis = input.analysis;
  if (score?.ssvc) {
    extension.ssvc = {
      table: score.ssvc.table,
      outcome: score.ssvc.outcome,
      outcome_name: score.ssvc.outcome_name,
      ...(cisaExtra && Object.keys(cisaExtra).length ? { other_values: cisaExtra } : {}),
    };
  }
  if (Object.keys(extension).length) container.x_cvdpAnalysis = extension;
  return container;
}

/** The record with our container in place of any earlier one of ours (same orgId or our title). */
export function recordWithAdp(record: Record<string, unknown>, container: Record<string, unknown>) {
  const containers = { ...((record.containers as Record<string, unknown>) ?? {}) };
  const orgId = (container.providerMetadata as { orgId?: string }).orgId;
  const earlier: unknown[] = Array.isArray(containers.adp) ? (containers.adp as unknown[]) : [];
  const others = earlier.filter((c) => {
    const meta = (c as { providerMetadata?: { orgId?: string } })?.providerMetadata;
    return meta?.orgId !== orgId && (c as { title?: string })?.title !== ADP_TITLE;
  });
  return { ...record, containers: { ...containers, adp: [...others, container] } };
}

// ---- CVE JSON 5.1 ----

// The one 5.1 schema check (the bundled schema CVE Services uses), kept with the CVE Services client.
export { validateCveRecord, type SchemaError } from '@cvdp/coordination/cve-services';

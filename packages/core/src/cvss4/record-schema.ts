// The CVSS 4.0 score record (record.ts) as a zod schema, for the answers that carry one: the version, the
// canonical vector, score and severity, every base metric and the optional metrics that were chosen.
import { z } from 'zod';
import { CVSS4_METRICS } from './metrics.ts';
import type { Cvss4ScoreRecord } from './record.ts';
import { CVSS4_SEVERITIES } from './severity.ts';

const metricFields = Object.fromEntries(
  CVSS4_METRICS.map((def) => {
    const values = def.values.map((v) => v.json).filter((json) => json !== 'NOT_DEFINED');
    const value = z.enum(values as [string, ...string[]]);
    return [def.field, def.group === 'base' ? value : value.optional()];
  }),
);

/** What cvss4Record(vector) builds; typed from it (the metric fields come from CVSS4_METRICS). */
export const cvss4RecordSchema = z.object({
  version: z.literal('4.0'),
  vectorString: z.string(),
  baseScore: z.number(),
  baseSeverity: z.enum(CVSS4_SEVERITIES),
  ...metricFields,
}) as unknown as z.ZodType<Cvss4ScoreRecord>;

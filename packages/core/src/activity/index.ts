// Activity and metrics (issue 9).
import { z } from 'zod';
import { idParam } from '../ids/index.ts';
import { isoDate } from '../cases/workspace.ts';
import type { UserRef } from '../cases/wire.ts';

/** GET /api/case/{id}/activity/ and /api/case/activity/, newest first. */
export interface ActivityEntry {
  id: number;
  case: number | null;
  case_title: string | null;
  actor: UserRef | null;
  verb: string;
  object_type: string;
  object_id: string;
  /** A sentence for people: "Ana Admin activated the case". */
  text: string;
  created: string;
}

export const activityQuery = z.object({ q: z.string().trim().max(200).optional() });

export const METRICS_MAX_DAYS = 366;

/** GET /api/metrics/?start=yyyy-MM-dd&end=yyyy-MM-dd[&user=] (staff). */
export const metricsQuery = z
  .object({ start: isoDate, end: isoDate, user: idParam.optional() })
  .refine((q) => q.start <= q.end, { message: 'start must not be after end.', path: ['start'] })
  .refine((q) => (Date.parse(q.end) - Date.parse(q.start)) / 86_400_000 < METRICS_MAX_DAYS, {
    message: `The range can be at most ${METRICS_MAX_DAYS} days.`,
    path: ['end'],
  });

export interface MetricsDay {
  date: string;
  opened: number;
  activated: number;
  closed: number;
}

export interface DurationStats {
  /** Cases measured. */
  count: number;
  median_hours: number | null;
  mean_hours: number | null;
}

export interface Metrics {
  start: string;
  end: string;
  user: UserRef | null;
  days: MetricsDay[];
  totals: { opened: number; activated: number; closed: number };
  /** From submission to the first action of a coordinator. */
  time_to_first_response: DurationStats;
  /** From submission to closing. */
  time_to_close: DurationStats;
}

// The dashboard's date range: the last 30 days (today included) unless the URL says otherwise.
import { format, subDays } from 'date-fns';

export const DEFAULT_DAYS = 30;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function defaultRange(today = new Date()) {
  return { start: format(subDays(today, DEFAULT_DAYS - 1), 'yyyy-MM-dd'), end: format(today, 'yyyy-MM-dd') };
}

/** The range from ?start=&end= (either missing or malformed falls back to its default). */
export function rangeFrom(params: URLSearchParams, today = new Date()) {
  const fallback = defaultRange(today);
  const start = params.get('start');
  const end = params.get('end');
  return {
    start: start && DATE.test(start) ? start : fallback.start,
    end: end && DATE.test(end) ? end : fallback.end,
  };
}

/** Hours as people read them: "5.5 h", "3.2 days" from 48 hours on, "—" without cases measured. */
export function formatHours(hours: number | null): string {
  if (hours == null) return '—';
  if (hours >= 48) return `${(hours / 24).toFixed(1)} days`;
  return `${hours.toFixed(1)} h`;
}

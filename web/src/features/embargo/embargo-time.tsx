// How the embargo's end is shown on every screen: in the viewer's own time AND in UTC, with a countdown.
import { useEffect, useState } from 'react';

/** 1 Apr 2027, 14:00 in the viewer's time zone. */
export const localTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** 2027-04-01 12:00 UTC */
export const utcTime = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** "in 3 days 4 hours", "in 25 minutes", "ended". */
export function countdown(iso: string, now: number): string {
  const ms = new Date(iso).getTime() - now;
  if (ms <= 0) return 'ended';
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (days > 0) return `in ${plural(days, 'day')}${hours ? ` ${plural(hours, 'hour')}` : ''}`;
  if (hours > 0) return `in ${plural(hours, 'hour')} ${plural(minutes % 60, 'minute')}`;
  return `in ${plural(Math.max(1, minutes), 'minute')}`;
}

/** Whole days until the end (0 on its last day, negative after): "Public in N days". */
export const daysUntil = (iso: string, now = Date.now()) =>
  Math.floor((new Date(iso).getTime() - now) / 86_400_000);

/** The case lists' "Public in" cell: "—" without a holding embargo, "ended", "today", "1 day", "N days". */
export function publicIn(iso: string | null, now: number): string {
  if (iso === null) return '—';
  if (new Date(iso).getTime() <= now) return 'ended';
  const days = daysUntil(iso, now);
  return days === 0 ? 'today' : days === 1 ? '1 day' : `${days} days`;
}

/** The current time, moving once a minute (for countdowns). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** End in both times, as one line: "1 Apr 2027, 14:00 (your time) · 2027-04-01 12:00 UTC". */
export function EndTime({ iso }: { iso: string }) {
  return (
    <>
      <time dateTime={iso}>{localTime(iso)}</time> (your time) · {utcTime(iso)}
    </>
  );
}

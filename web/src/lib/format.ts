// Dates are shown as yyyy-MM-dd (SPEC §9); file sizes in the units people read.
import { format } from 'date-fns';

export const formatDate = (iso: string) => format(new Date(iso), 'yyyy-MM-dd');

/** A moment to the minute, in the reader's time zone: 2026-05-01 14:05. */
export const formatDateTime = (iso: string) => format(new Date(iso), 'yyyy-MM-dd HH:mm');

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

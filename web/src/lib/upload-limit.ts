// The upload limit as people read it. Apart from lib/format.ts so the report form does not load date-fns.

/** An upload limit the way the server words it in its 413 message: whole megabytes as `10MB`, else bytes. */
export function formatUploadLimit(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb}MB` : `${maxBytes} bytes`;
}

// One key per opened form: the server answers a repeated submit with the first one's case.
// crypto.randomUUID needs a secure context; getRandomValues works on plain http too.
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// Fills a template's {{variables}}: the text part as is, the HTML part with every value HTML-escaped, so
// case data (a title with markup) can never inject HTML into an email.
const VARIABLE = /\{\{\s*([a-z_]+)\s*\}\}/g;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderText(template: string, vars: Record<string, string>): string {
  return template.replace(VARIABLE, (_m, name: string) => vars[name] ?? '');
}

/** The text body as simple HTML: escaped, line breaks kept. */
export function renderHtml(template: string, vars: Record<string, string>): string {
  const escaped = escapeHtml(template).replace(VARIABLE, (_m, name: string) => escapeHtml(vars[name] ?? ''));
  return `<div style="font-family:sans-serif;white-space:pre-wrap">${escaped}</div>`;
}

/**
 * One line for a header: every control character (CR/LF and the rest of C0, DEL, C1) and the Unicode
 * line/paragraph separators become a space, so nothing from case data or a name can start a new header.
 */
export const oneLine = (s: string) => s.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');

/** Subjects are one line (see oneLine), at most 250 characters. */
export const renderSubject = (template: string, vars: Record<string, string>) =>
  oneLine(renderText(template, vars)).slice(0, 250);

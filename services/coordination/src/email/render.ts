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

/** Subjects are one line: no CR/LF from case data may start a new header. */
export const renderSubject = (template: string, vars: Record<string, string>) =>
  renderText(template, vars)
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 250);

// The public pages of published advisories: plain HTML rendered on the server, readable without the web app
// or JavaScript. Every value is escaped; the advisory's body is the sanitised HTML of its Markdown (the same
// renderer as posts). No scripts, and no inline styles beyond one <style> element, which the kit's
// Content-Security-Policy (style-src 'self' 'unsafe-inline'; script-src 'self') allows.
import type { PageOf, PublicAdvisory, PublicAdvisorySummary } from '@cvdp/core';
import { publicAdvisoryPath } from '@cvdp/core';
import { escapeHtml } from '../email/render.ts';

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#212529;margin:0}
main{max-width:52rem;margin:0 auto;padding:1.5rem 1rem}
header{border-bottom:1px solid #dee2e6;padding:.75rem 1rem}
header a{color:#212529;font-weight:600;text-decoration:none}
h1{font-size:1.75rem;margin:.5rem 0}
h2{font-size:1.25rem;margin-top:1.75rem}
.meta{color:#6c757d;font-size:.9rem}
ul.list{list-style:none;padding:0}
ul.list li{border-bottom:1px solid #dee2e6;padding:.75rem 0}
pre,code{background:#f8f9fa;border-radius:.25rem}
pre{padding:.75rem;overflow-x:auto}
img{max-width:100%}
table{border-collapse:collapse}td,th{border:1px solid #dee2e6;padding:.25rem .5rem}
.text{white-space:pre-wrap}
nav.pages{display:flex;gap:1rem;margin-top:1rem}
`;

const e = escapeHtml;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><a href="${publicAdvisoryPath()}">CVDP advisories</a></header>
<main>
${body}
</main>
</body>
</html>
`;
}

const link = (href: string, text: string) => `<a href="${e(href)}">${e(text)}</a>`;

/** The links of a page come relative or from CVDP_PUBLIC_URL (never from the request's headers). */
const pageHref = (href: string | null) => {
  if (!href) return null;
  const url = new URL(href, 'http://placeholder');
  return `${publicAdvisoryPath()}${url.search}`;
};

export function advisoryListPage(page: PageOf<PublicAdvisorySummary>, pageNumber: number): string {
  const items = page.results
    .map(
      (a) => `<li>
<div>${link(a.url, `${a.label}: ${a.title}`)}</div>
<div class="meta">Published ${e(a.date_published)}</div>
${a.summary ? `<p>${e(a.summary)}</p>` : ''}
</li>`,
    )
    .join('\n');
  const previous = pageHref(page.previous);
  const next = pageHref(page.next);
  const nav =
    previous || next
      ? `<nav class="pages">${previous ? link(previous, 'Newer') : ''}${next ? link(next, 'Older') : ''}<span class="meta">Page ${pageNumber}</span></nav>`
      : '';
  const body =
    page.count === 0
      ? '<h1>Published advisories</h1>\n<p>No advisories have been published yet.</p>'
      : `<h1>Published advisories</h1>\n<p class="meta">${page.count} published</p>\n<ul class="list">\n${items}\n</ul>\n${nav}`;
  return layout('Published advisories', body);
}

function section(title: string, content: string): string {
  return content ? `<h2>${e(title)}</h2>\n${content}` : '';
}

const textBlock = (text: string) => (text ? `<div class="text">${e(text)}</div>` : '');

/** A link to another form of the advisory (its OSV records). */
export interface PageLink {
  href: string;
  text: string;
}

export function advisoryPage(a: PublicAdvisory, osvLinks: PageLink[] = []): string {
  const references = a.references.length
    ? `<ul>${a.references.map((r) => (/^https?:\/\//i.test(r) ? `<li><a href="${e(r)}" rel="nofollow noopener noreferrer">${e(r)}</a></li>` : `<li>${e(r)}</li>`)).join('')}</ul>`
    : '';
  const credits = a.credits.length ? `<ul>${a.credits.map((c) => `<li>${e(c)}</li>`).join('')}</ul>` : '';
  const cves = a.cves.length ? `<ul>${a.cves.map((c) => `<li>${e(c)}</li>`).join('')}</ul>` : '';
  const body = [
    `<h1>${e(a.label)}: ${e(a.title)}</h1>`,
    `<p class="meta">Published ${e(a.date_published)} · revision ${a.revision}</p>`,
    a.summary ? `<p>${e(a.summary)}</p>` : '',
    // Sanitised on the server (posts/render.ts): no scripts, handlers, styles or foreign images.
    a.html ? `<article>${a.html}</article>` : '',
    section('Impact', textBlock(a.impact)),
    section('Solution', textBlock(a.solution)),
    section('CVE', cves),
    section('References', references),
    section('Credits', credits),
    section(
      'OSV records',
      osvLinks.length
        ? `<p>For scanners of open-source packages, one record per vulnerability:</p><ul>${osvLinks.map((l) => `<li>${link(l.href, l.text)}</li>`).join('')}</ul>`
        : '',
    ),
    `<p class="meta">${link(`/api/advisories/${a.case}/`, 'This advisory as JSON')}</p>`,
  ]
    .filter(Boolean)
    .join('\n');
  return layout(`${a.label}: ${a.title}`, body);
}

export function notFoundPage(message: string): string {
  return layout(
    'Not found',
    `<h1>Not found</h1>\n<p>${e(message)}</p>\n<p>${link(publicAdvisoryPath(), 'Published advisories')}</p>`,
  );
}

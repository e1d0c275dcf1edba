// Serves the built web app: static assets, and index.html (carrying the page config) for every
// non-API path so that deep links reload fine.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '@cvdp/server-kit';

/** Paths that belong to the services; anything else is a screen of the web app. */
const API_PREFIXES = ['/api/', '/manage/', '/scoring/', '/case/', '/report/', '/cvdp/api/', '/healthz'];

export interface PageConfig {
  api_url: string;
  score_api_url: string;
  logout_url: string;
  inactivity_timeout: number | null;
  /** CVDP_MAX_UPLOAD_BYTES, so the page states the limit the server enforces. */
  max_upload_bytes: number;
}

export function pageConfig(config: Config): PageConfig {
  return {
    api_url: config.apiUrl,
    score_api_url: config.scoreApiUrl,
    logout_url: config.logoutUrl,
    inactivity_timeout: config.inactivityTimeout ?? null,
    max_upload_bytes: config.maxUploadBytes,
  };
}

/** JSON in a data block; '<' is escaped so no value can close the script element. */
export function injectPageConfig(html: string, value: PageConfig): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  const tag = `<script id="cvdp-config" type="application/json">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${tag}</head>`) : tag + html;
}

/** Whether an address matches a pattern of route-preloads.json (`:name` stands for one segment). */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.replace(/\/+$/, '').split('/');
  return (
    want.length === got.length && want.every((w, i) => (w.startsWith(':') ? got[i] !== '' : w === got[i]))
  );
}

/**
 * The page for each address of the web app: index.html with the page config and, for an address the build
 * lists in route-preloads.json (web/route-preloads.ts), `<link rel="modulepreload">` for the chunks its screen
 * needs, so the browser fetches them beside the entry instead of once the entry has run and asked for them.
 * Each pattern's page is built once. The thread view bench serves its pages through this too.
 */
export function webPages(distDir: string, value: PageConfig): (pathname: string) => string {
  const base = injectPageConfig(readFileSync(path.join(distDir, 'index.html'), 'utf8'), value);
  const listFile = path.join(distDir, 'route-preloads.json');
  const routes = existsSync(listFile)
    ? Object.entries(JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, string[]>)
    : [];
  const pages = routes.map(([pattern, files]) => {
    const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
    return { pattern, html: base.replace('</head>', `${links}</head>`) };
  });
  return (pathname) => pages.find((p) => matchesRoute(p.pattern, pathname))?.html ?? base;
}

export async function webHost(app: FastifyInstance, { config }: { config: Config }) {
  const indexFile = path.join(config.webDistDir, 'index.html');
  const built = existsSync(indexFile);
  const pageFor = built
    ? webPages(config.webDistDir, pageConfig(config))
    : () =>
        '<!doctype html><title>CVDP</title><p>The web app is not built. Run <code>npm run build:web</code>.</p>';

  if (built) {
    await app.register(fastifyStatic, {
      root: path.join(config.webDistDir, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '1y',
      decorateReply: false,
    });
    for (const file of ['favicon.svg']) {
      if (existsSync(path.join(config.webDistDir, file))) {
        app.get(`/${file}`, (_req, reply) =>
          reply.type('image/svg+xml').send(readFileSync(path.join(config.webDistDir, file))),
        );
      }
    }
  }

  const sendPage = (reply: FastifyReply, pathname: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(pageFor(pathname));

  app.get('/', (_req, reply) => reply.redirect('/cvdp/'));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathOnly = request.url.split('?')[0];
    const isApi = API_PREFIXES.some((p) => pathOnly.startsWith(p));
    if ((request.method === 'GET' || request.method === 'HEAD') && !isApi) return sendPage(reply, pathOnly);
    return reply.status(404).send({ detail: 'Not found.' });
  });
}

// The CSAF trusted provider's public files (issue 29; CSAF 2.0 §7.1, requirements 1–23 as they apply to a
// trusted provider): /.well-known/csaf/provider-metadata.json, the TLP:CLEAR directory (index.txt,
// changes.csv, <year>/<file>.json with .sha256, .sha512 and .asc), the ROLIE service, category and feed
// documents, the public OpenPGP key, and /.well-known/security.txt naming the metadata. No sign-in; short
// public caching (the files change only when an advisory is published). Every answer first brings the
// stored documents up to date (documents.ts), so a published advisory is listed by the next request.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  SecretKeyMissingError,
  coalesced,
  fileResponse,
  foreignJson,
  notFound,
  routes,
} from '@cvdp/server-kit';
import { instancePublisher } from '../csaf/publisher.ts';
import {
  type CsafVersion,
  type ProviderDocument,
  documentAt,
  publicDocuments,
  syncDocuments,
} from './documents.ts';
import {
  CATEGORY_FILE,
  FEED_FILE,
  SERVICE_FILE,
  TLP_FOLDER,
  changesCsv,
  indexTxt,
  providerMetadata,
  rolieCategories,
  rolieFeed,
  rolieService,
  wellKnown,
} from './metadata.ts';
import { type ProviderKey, providerKey } from './signing.ts';

export const PROVIDER_NEEDS_PUBLIC_URL =
  'The CSAF provider needs CVDP_PUBLIC_URL: its metadata and feeds name absolute addresses.';
export const PROVIDER_NEEDS_SECRET_KEY =
  'The CSAF provider needs CVDP_SECRET_KEY: its signing key is stored encrypted with it.';
export const PROVIDER_NO_FILE = 'No such file.';

const tags = ['csaf provider'];
/** Public files: caches may keep them a few minutes (a new revision shows within that time). */
const CACHE = 'public, max-age=300';

const yearFile = z.object({
  year: z.string().regex(/^\d{4}$/),
  file: z.string().regex(/^[+\-a-z0-9_]+\.json(?:\.sha256|\.sha512|\.asc)?$/),
});
const keyFile = z.object({ file: z.string().regex(/^[0-9A-F]{40,}\.asc$/) });

export interface ProviderOptions {
  /** The CSAF version documents are published in; default: CVDP_CSAF_VERSION (2.0). */
  version?: CsafVersion;
}

export async function providerRoutes(app: FastifyInstance, options: ProviderOptions) {
  const { db, config } = app;
  const version = options.version ?? config.csafVersion;
  const r = routes(app);
  const publisher = instancePublisher(config);

  const key = async (): Promise<ProviderKey> => {
    try {
      return await providerKey(
        db,
        { secretKey: config.secretKey, configuredKey: config.csafSigningKey },
        publisher.name,
      );
    } catch (error) {
      // Not configured is a fact of the instance, not a fault: answered as a missing provider.
      if (error instanceof SecretKeyMissingError) throw notFound(PROVIDER_NEEDS_SECRET_KEY);
      throw error;
    }
  };
  const sync = coalesced(() => syncDocuments({ db, config, version, key, log: app.log }));
  const publicUrl = () => {
    if (!config.publicUrl) throw notFound(PROVIDER_NEEDS_PUBLIC_URL);
    return config.publicUrl;
  };
  const documents = async () => {
    await sync();
    return publicDocuments(db);
  };

  const send = (reply: FastifyReply, type: string, body: string) =>
    reply.type(type).header('cache-control', CACHE).header('x-content-type-options', 'nosniff').send(body);
  const json = (reply: FastifyReply, body: unknown) =>
    send(reply, 'application/json; charset=utf-8', `${JSON.stringify(body, null, 2)}\n`);
  const base = '/.well-known/csaf';

  r.get(
    `${base}/provider-metadata.json`,
    {
      summary: 'CSAF provider metadata (role csaf_trusted_provider; public)',
      tags,
      access: 'public',
      response: { 200: foreignJson('provider-metadata.json, valid against CSAF provider.json.') },
    },
    async (_request, reply) => {
      const url = publicUrl();
      const [{ fingerprint }, docs] = [await key(), await documents()];
      return json(
        reply,
        providerMetadata({ publicUrl: url, version, publisher, fingerprint, documents: docs }),
      );
    },
  );

  r.get(
    `${base}/${SERVICE_FILE}`,
    {
      summary: 'The ROLIE service document of the CSAF provider (public)',
      tags,
      access: 'public',
      response: { 200: foreignJson('A ROLIE service document.') },
    },
    async (_request, reply) => json(reply, rolieService({ publicUrl: publicUrl(), version, publisher })),
  );

  r.get(
    `${base}/${FEED_FILE}`,
    {
      summary: 'The ROLIE feed of the TLP:CLEAR CSAF documents, newest change first (public)',
      tags,
      access: 'public',
      response: { 200: foreignJson('A ROLIE feed.') },
    },
    async (_request, reply) => {
      const url = publicUrl();
      const docs = await documents();
      const { fingerprint } = await key();
      return json(reply, rolieFeed({ publicUrl: url, version, publisher, fingerprint, documents: docs }));
    },
  );

  r.get(
    `${base}/${CATEGORY_FILE}`,
    {
      summary: 'The ROLIE category document of the TLP:CLEAR feed: the vendors its documents name (public)',
      tags,
      access: 'public',
      response: { 200: foreignJson('A ROLIE category document.') },
    },
    async (_request, reply) => json(reply, rolieCategories(vendorsOf(await documents()))),
  );

  r.get(
    `${base}/openpgp/:file`,
    {
      summary: "The public OpenPGP key the provider's documents are signed with, by fingerprint (public)",
      tags,
      access: 'public',
      params: keyFile,
      response: { 200: fileResponse('The armored public key.') },
    },
    async (request, reply) => {
      const { fingerprint, publicKey } = await key();
      if (request.params.file !== `${fingerprint}.asc`) throw notFound(PROVIDER_NO_FILE);
      return send(reply, 'application/pgp-keys', publicKey);
    },
  );

  r.get(
    `${base}/${TLP_FOLDER}/index.txt`,
    {
      summary: 'index.txt of the TLP:CLEAR directory: every document path, one a line (public)',
      tags,
      access: 'public',
      response: { 200: fileResponse('Text, one path a line.') },
    },
    async (_request, reply) => send(reply, 'text/plain; charset=utf-8', indexTxt(await documents())),
  );

  r.get(
    `${base}/${TLP_FOLDER}/changes.csv`,
    {
      summary: 'changes.csv of the TLP:CLEAR directory: path and current release date, newest first (public)',
      tags,
      access: 'public',
      response: { 200: fileResponse('CSV, two quoted fields a line.') },
    },
    async (_request, reply) => send(reply, 'text/csv; charset=utf-8', changesCsv(await documents())),
  );

  r.get(
    `${base}/${TLP_FOLDER}/:year/:file`,
    {
      summary: 'A published TLP:CLEAR CSAF document, or its .sha256, .sha512 or .asc signature (public)',
      tags,
      access: 'public',
      params: yearFile,
      response: { 200: fileResponse('The CSAF document, a hash file or an armored detached signature.') },
    },
    async (request, reply) => {
      await sync();
      const { year, file } = request.params;
      const [, name, suffix] = /^(.+\.json)(\.sha256|\.sha512|\.asc)?$/.exec(file)!;
      const doc = await documentAt(db, `${year}/${name}`);
      if (!doc) throw notFound(PROVIDER_NO_FILE);
      if (suffix === '.sha256') return send(reply, 'text/plain; charset=utf-8', doc.sha256);
      if (suffix === '.sha512') return send(reply, 'text/plain; charset=utf-8', doc.sha512);
      if (suffix === '.asc') return send(reply, 'application/pgp-signature', doc.signature);
      return send(reply, 'application/json; charset=utf-8', doc.content);
    },
  );

  r.get(
    '/.well-known/security.txt',
    {
      summary: 'security.txt (RFC 9116) naming the CSAF provider metadata (public)',
      tags,
      access: 'public',
      response: { 200: fileResponse('security.txt.') },
    },
    async (_request, reply) => {
      const url = publicUrl();
      // Expires is required and should be near: the file is written per request, so it never lapses.
      const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      return send(
        reply,
        'text/plain; charset=utf-8',
        [
          `Contact: ${url}/cvdp/report`,
          `Expires: ${expires}`,
          `Canonical: ${url}/.well-known/security.txt`,
          `CSAF: ${wellKnown(url)}/provider-metadata.json`,
          '',
        ].join('\n'),
      );
    },
  );
}

/** The vendor branches' names of the documents' product trees, sorted, once each. */
function vendorsOf(documents: ProviderDocument[]): string[] {
  const names = new Set<string>();
  for (const d of documents) {
    const tree = (
      JSON.parse(d.content) as { product_tree?: { branches?: { category: string; name: string }[] } }
    ).product_tree;
    for (const b of tree?.branches ?? []) if (b.category === 'vendor') names.add(b.name);
  }
  return [...names].sort();
}

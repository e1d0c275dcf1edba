// What the provider says about itself (CSAF 2.0 §7.1.7 provider-metadata.json; §7.1.15–7.1.17 ROLIE) — pure
// functions of the public address, the publisher, the key and the public documents. The metadata follows
// provider.json of the CSAF version the documents are published in (2.0: `directory_url`, TLP:WHITE;
// 2.1: `$schema`, `directory` with its TLP label, TLP:CLEAR, each feed's `last_updated`).
import type { CsafPublisher } from '../csaf/types.ts';
import type { CsafVersion, ProviderDocument } from './documents.ts';

/** The one TLP folder: only TLP:CLEAR (WHITE) documents are public. */
export const TLP_FOLDER = 'clear';
export const FEED_FILE = 'feed-tlp-clear.json';
export const SERVICE_FILE = 'service.json';
export const CATEGORY_FILE = 'category-tlp-clear.json';

export const wellKnown = (publicUrl: string) => `${publicUrl}/.well-known/csaf`;
export const keyUrl = (publicUrl: string, fingerprint: string) =>
  `${wellKnown(publicUrl)}/openpgp/${fingerprint}.asc`;

const tlpLabel = (version: CsafVersion) => (version === '2.1' ? 'CLEAR' : 'WHITE');
const feedTitle = (publisher: CsafPublisher, version: CsafVersion) =>
  `${publisher.name} CSAF feed (TLP:${tlpLabel(version)})`;

export interface ProviderFacts {
  publicUrl: string;
  version: CsafVersion;
  publisher: CsafPublisher;
  fingerprint: string;
  documents: ProviderDocument[];
}

/** The newest change of any document (or the start of the epoch when there is none). */
const lastUpdated = (documents: ProviderDocument[]) =>
  new Date(Math.max(0, ...documents.map((d) => d.updatedAt.getTime()))).toISOString();

export function providerMetadata(f: ProviderFacts): Record<string, unknown> {
  const base = wellKnown(f.publicUrl);
  const v21 = f.version === '2.1';
  const updated = lastUpdated(f.documents);
  const feed = {
    ...(v21 ? { last_updated: updated } : {}),
    summary: `All TLP:${tlpLabel(f.version)} advisories of ${f.publisher.name}.`,
    tlp_label: tlpLabel(f.version),
    url: `${base}/${FEED_FILE}`,
  };
  const directory = `${base}/${TLP_FOLDER}/`;
  return {
    ...(v21 ? { $schema: 'https://docs.oasis-open.org/csaf/csaf/v2.1/schema/provider.json' } : {}),
    canonical_url: `${base}/provider-metadata.json`,
    distributions: [
      {
        ...(v21
          ? { directory: { tlp_label: tlpLabel(f.version), url: directory } }
          : { directory_url: directory }),
        rolie: {
          categories: [`${base}/${CATEGORY_FILE}`],
          feeds: [feed],
          services: [`${base}/${SERVICE_FILE}`],
        },
      },
    ],
    last_updated: updated,
    list_on_CSAF_aggregators: true,
    metadata_version: f.version,
    mirror_on_CSAF_aggregators: true,
    public_openpgp_keys: [{ fingerprint: f.fingerprint, url: keyUrl(f.publicUrl, f.fingerprint) }],
    publisher: f.publisher,
    role: 'csaf_trusted_provider',
  };
}

const CSAF_CATEGORY = { scheme: 'urn:ietf:params:rolie:category:information-type', term: 'csaf' };

/** The ROLIE service document: one workspace, one collection (the TLP:CLEAR feed). */
export function rolieService(f: Omit<ProviderFacts, 'documents' | 'fingerprint'>): Record<string, unknown> {
  return {
    service: {
      workspace: [
        {
          title: 'Public CSAF feed',
          collection: [
            {
              title: feedTitle(f.publisher, f.version),
              href: `${wellKnown(f.publicUrl)}/${FEED_FILE}`,
              categories: { category: [CSAF_CATEGORY] },
            },
          ],
        },
      ],
    },
  };
}

const SCHEMA_URL: Record<CsafVersion, string> = {
  '2.0': 'https://docs.oasis-open.org/csaf/csaf/v2.0/csaf_json_schema.json',
  '2.1': 'https://docs.oasis-open.org/csaf/csaf/v2.1/schema/csaf.json',
};

/** The ROLIE feed of the TLP:CLEAR documents, newest change first; each entry links the file, hash and signature. */
export function rolieFeed(f: ProviderFacts): Record<string, unknown> {
  const base = wellKnown(f.publicUrl);
  return {
    feed: {
      id: `${new URL(f.publicUrl).host}-csaf-feed-tlp-${tlpLabel(f.version).toLowerCase()}`,
      title: feedTitle(f.publisher, f.version),
      link: [{ rel: 'self', href: `${base}/${FEED_FILE}` }],
      category: [CSAF_CATEGORY],
      updated: lastUpdated(f.documents),
      entry: f.documents.map((d) => {
        const url = `${base}/${TLP_FOLDER}/${d.path}`;
        return {
          id: d.trackingId,
          title: d.title,
          link: [
            { rel: 'self', href: url },
            { rel: 'hash', href: `${url}.sha256` },
            { rel: 'hash', href: `${url}.sha512` },
            { rel: 'signature', href: `${url}.asc` },
          ],
          published: d.initialReleaseDate.toISOString(),
          updated: d.currentReleaseDate.toISOString(),
          summary: { content: d.title },
          content: { type: 'application/json', src: url },
          format: { schema: SCHEMA_URL[f.version], version: f.version },
        };
      }),
    },
  };
}

/** The ROLIE category document: the vendors whose products the feed's documents name. */
export function rolieCategories(vendors: string[]): Record<string, unknown> {
  return { categories: { category: vendors.map((term) => ({ term })) } };
}

/** index.txt: every document's path under the folder, one a line. */
export const indexTxt = (documents: ProviderDocument[]) => documents.map((d) => `${d.path}\n`).join('');

/** changes.csv: path and current release date, newest first (§7.1.13), each field quoted. */
export const changesCsv = (documents: ProviderDocument[]) =>
  documents.map((d) => `"${d.path}","${d.currentReleaseDate.toISOString()}"\n`).join('');

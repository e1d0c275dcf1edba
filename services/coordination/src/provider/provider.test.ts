// The CSAF trusted provider (issue 29 item 2) through the HTTP stack, one app: the metadata valid against
// provider.json (2.0 as served, 2.1 as built) and naming the key and the distributions; the TLP:CLEAR
// directory (file names from the tracking id, index.txt, changes.csv newest first); each document valid,
// its .sha256/.sha512 matching its bytes and its .asc verifying with the published key; a new revision
// replacing the document with its tracking version bumped and a new signature; TLP:AMBER and unpublished
// advisories absent; the ROLIE service, category and feed documents shaped like csaf-upstream's examples;
// security.txt naming the metadata; the private key stored encrypted.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as openpgp from 'openpgp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { vendorWorld, type VendorWorld } from '../../testing/vendor-status-test-helpers.ts';
import { validateCsaf } from '../csaf/validate.ts';
import { instancePublisher } from '../csaf/publisher.ts';
import { csafProviderKeys } from '../tables.ts';
import { providerMetadata } from './metadata.ts';
import { CONFIGURED_KEY_LOCKED, providerKey } from './signing.ts';

const PUBLIC_URL = 'https://cvdp.example.org';
const W = '/.well-known/csaf';
const today = new Date().toISOString().slice(0, 10);
const year = new Date().getUTCFullYear();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- foreign JSON is walked freely in assertions
type Json = Record<string, any>;

const fixture = (file: string) =>
  JSON.parse(
    readFileSync(new URL(`../../testing/fixtures/csaf-provider/${file}`, import.meta.url), 'utf8'),
  ) as Json;

/** provider.json of CSAF 2.0 and 2.1 (csaf-upstream), with the CSAF schemas their publisher refers to. */
function providerSchemas() {
  const require = createRequire(import.meta.url);
  const Ajv2020 = require('ajv/dist/2020').default;
  const addFormats = require('ajv-formats').default;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(fixture('csaf_json_schema.json'));
  ajv.addSchema(require('../csaf/schemas/2.1/csaf.json'));
  for (const f of [
    'first/cvss-v2.0.json',
    'first/cvss-v3.0.json',
    'first/cvss-v3.1.json',
    'first/cvss-v4.0.json',
  ]) {
    const { $schema: _s, $id: _i, id: _d, ...schema } = require(`../csaf/schemas/2.1/${f}`);
    ajv.addSchema(schema, `https://www.first.org/cvss/${f.slice(6)}`);
  }
  for (const f of [
    'certcc/SelectionList_2_0_0.schema.json',
    'format-assertion.json',
    'extension-metaschema.json',
    'extension-content.json',
  ])
    ajv.addSchema(require(`../csaf/schemas/2.1/${f}`));
  return {
    v20: ajv.compile(fixture('provider_json_schema.json')),
    v21: ajv.compile(fixture('provider-2.1.json')),
  };
}

/** Every object key path of a JSON value (array items merged), to compare shapes with the examples. */
function shape(value: unknown, prefix = ''): Set<string> {
  const out = new Set<string>();
  if (Array.isArray(value)) for (const v of value) for (const k of shape(v, `${prefix}[]`)) out.add(k);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(`${prefix}.${k}`);
      for (const s of shape(v, `${prefix}.${k}`)) out.add(s);
    }
  return out;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: PUBLIC_URL, secretKey: 'provider-test-secret' } });
});
afterAll(() => t.close());

const get = async (url: string, status = 200) => {
  const res = await t.anonymous().get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
  return res;
};

/** A case with one vulnerability (the vendor Acme affected, fixed in 2.4.1) and a first revision. */
async function advisoryCase(title: string, tlp?: string): Promise<VendorWorld> {
  const w = await vendorWorld(t, [
    { title: 'Path traversal', cwes: [22], description: 'The file parameter escapes.' },
  ]);
  const vul = w.vuls[0].id;
  const status = await w.coordinator.post(`/api/case/${w.caseId}/vendors/status/`, {
    vul,
    participant: w.acme,
    status: 'affected',
    product: 'Widget Server',
    affected_versions: '2.3.0',
    fixed_versions: '2.4.1',
  });
  expect(status.statusCode, status.body).toBe(200);
  if (tlp)
    expect((await w.coordinator.post(`/api/case/${w.caseId}/settings/csaf/`, { tlp })).statusCode).toBe(200);
  await revise(w, title);
  return w;
}

async function revise(w: VendorWorld, title: string) {
  const res = await w.coordinator.post(`/api/case/${w.caseId}/advisory/`, {
    title,
    summary: 'Unauthenticated attackers can read files.',
    solution: 'Upgrade to 2.4.1.',
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function publish(w: VendorWorld) {
  const res = await w.coordinator.patch(`/api/case/${w.caseId}/advisory/latest/`, {
    date_shared: today,
    date_published: today,
    override_reason: 'Not about the guard rails',
  });
  expect(res.statusCode, res.body).toBe(200);
}

const sha = (algorithm: string, body: string) =>
  createHash(algorithm).update(Buffer.from(body, 'utf8')).digest('hex');

/** The document at `path` (under clear/), checked: valid CSAF, hashes match, signature verifies. */
async function checkedDocument(path: string, publicKey: openpgp.PublicKey) {
  const res = await get(`${W}/clear/${path}`);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.headers['cache-control']).toBe('public, max-age=300');
  const file = path.split('/')[1];
  for (const algorithm of ['sha256', 'sha512']) {
    const hash = await get(`${W}/clear/${path}.${algorithm}`);
    expect(hash.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(hash.body).toBe(`${sha(algorithm, res.body)}  ${file}\n`);
  }
  const asc = await get(`${W}/clear/${path}.asc`);
  expect(asc.headers['content-type']).toBe('application/pgp-signature');
  const verification = await openpgp.verify({
    message: await openpgp.createMessage({ binary: Buffer.from(res.body, 'utf8') }),
    signature: await openpgp.readSignature({ armoredSignature: asc.body }),
    verificationKeys: publicKey,
    expectSigned: true,
  });
  await expect(verification.signatures[0].verified).resolves.toBe(true);
  // Any other bytes do not verify with that signature.
  await expect(
    openpgp.verify({
      message: await openpgp.createMessage({ binary: Buffer.from(`${res.body} `, 'utf8') }),
      signature: await openpgp.readSignature({ armoredSignature: asc.body }),
      verificationKeys: publicKey,
      expectSigned: true,
    }),
  ).rejects.toThrow();
  const doc = JSON.parse(res.body) as Json;
  const validation = await validateCsaf(doc);
  expect(validation.failed).toEqual([]);
  return { doc, signature: asc.body, body: res.body };
}

describe('the CSAF trusted provider', () => {
  it('publishes signed TLP:CLEAR documents, replaces them on a new revision, withholds the rest', async () => {
    const schemas = providerSchemas();
    const clear = await advisoryCase('Widget Server path traversal');
    const amber = await advisoryCase('Embargoed for partners', 'AMBER');
    const unpublished = await advisoryCase('Not yet public');
    await publish(clear);
    await publish(amber);
    // Shared only.
    expect(
      (
        await unpublished.coordinator.patch(`/api/case/${unpublished.caseId}/advisory/latest/`, {
          date_shared: today,
        })
      ).statusCode,
    ).toBe(200);

    // Metadata: valid against provider.json (2.0, the version documents are published in), a trusted
    // provider, the instance as publisher, the directory and ROLIE feed, the key by URL and fingerprint.
    const metaRes = await get(`${W}/provider-metadata.json`);
    expect(metaRes.headers['content-type']).toBe('application/json; charset=utf-8');
    const meta = metaRes.json<Json>();
    expect(schemas.v20(meta), JSON.stringify(schemas.v20.errors)).toBe(true);
    expect(meta).toMatchObject({
      canonical_url: `${PUBLIC_URL}${W}/provider-metadata.json`,
      role: 'csaf_trusted_provider',
      metadata_version: '2.0',
      publisher: instancePublisher({ publicUrl: PUBLIC_URL }),
      distributions: [
        {
          directory_url: `${PUBLIC_URL}${W}/clear/`,
          rolie: {
            feeds: [{ tlp_label: 'WHITE', url: `${PUBLIC_URL}${W}/feed-tlp-clear.json` }],
            services: [`${PUBLIC_URL}${W}/service.json`],
          },
        },
      ],
    });
    const [{ fingerprint, url: keyUrl }] = meta.public_openpgp_keys;
    expect(keyUrl).toBe(`${PUBLIC_URL}${W}/openpgp/${fingerprint}.asc`);
    const keyRes = await get(keyUrl.slice(PUBLIC_URL.length));
    expect(keyRes.headers['content-type']).toBe('application/pgp-keys');
    const publicKey = await openpgp.readKey({ armoredKey: keyRes.body });
    expect(publicKey.isPrivate()).toBe(false);
    expect(publicKey.getFingerprint().toUpperCase()).toBe(fingerprint);
    await get(`${W}/openpgp/${'0'.repeat(40)}.asc`, 404);
    // The same metadata as CSAF 2.1 has it is valid against the current provider.json.
    const meta21 = providerMetadata({
      publicUrl: PUBLIC_URL,
      version: '2.1',
      publisher: meta.publisher,
      fingerprint,
      documents: [],
    });
    expect(schemas.v21(meta21), JSON.stringify(schemas.v21.errors)).toBe(true);

    // The directory: only the TLP:CLEAR published advisory, named after its tracking id (VU#n → vu_n).
    const path1 = `${year}/vu_${clear.caseId}.json`;
    const index = await get(`${W}/clear/index.txt`);
    expect(index.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = index.body.split('\n');
    expect(lines).toContain(path1);
    for (const w of [amber, unpublished]) {
      expect(index.body).not.toContain(`vu_${w.caseId}.json`);
      await get(`${W}/clear/${year}/vu_${w.caseId}.json`, 404);
      await get(`${W}/clear/${year}/vu_${w.caseId}.json.asc`, 404);
    }
    const first = await checkedDocument(path1, publicKey);
    expect(first.doc.document.tracking).toMatchObject({
      id: `VU#${clear.caseId}`,
      version: '1',
      status: 'final',
    });
    expect(first.doc.document.distribution.tlp.label).toBe('WHITE');
    // Stored, not rebuilt: the same bytes and signature on the next fetch.
    expect((await get(`${W}/clear/${path1}`)).body).toBe(first.body);
    expect((await get(`${W}/clear/${path1}.asc`)).body).toBe(first.signature);

    // A new revision, published: the same file, its tracking version bumped, signed anew; listed first.
    const other = await advisoryCase('An older advisory');
    await publish(other);
    await get(`${W}/clear/index.txt`);
    await revise(clear, 'Widget Server path traversal (fixed in 2.4.1)');
    // Saved but not yet published: the published revision stays.
    expect((await get(`${W}/clear/${path1}`)).body).toBe(first.body);
    await publish(clear);
    const second = await checkedDocument(path1, publicKey);
    expect(second.doc.document.tracking.version).toBe('2');
    expect(second.doc.document.tracking.revision_history.map((r: Json) => r.number)).toEqual(['1', '2']);
    expect(second.doc.document.title).toBe('Widget Server path traversal (fixed in 2.4.1)');
    expect(second.signature).not.toBe(first.signature);
    const changes = (await get(`${W}/clear/changes.csv`)).body.trim().split('\n');
    expect(changes[0]).toBe(`"${path1}","${second.doc.document.tracking.current_release_date}"`);
    expect(changes[1]).toContain(`"${year}/vu_${other.caseId}.json"`);
    expect(changes.join('\n')).not.toContain(`vu_${amber.caseId}.json`);

    // ROLIE: the service, feed and category documents have the examples' structure (csaf-upstream 2.0).
    const service = (await get(`${W}/service.json`)).json();
    expect([...shape(service)].sort()).toEqual([...shape(fixture('example-01-service.json'))].sort());
    expect(service.service.workspace[0].collection[0].href).toBe(`${PUBLIC_URL}${W}/feed-tlp-clear.json`);
    const feed = (await get(`${W}/feed-tlp-clear.json`)).json();
    expect([...shape(feed)].sort()).toEqual([...shape(fixture('example-01-feed-tlp-white.json'))].sort());
    const entry = feed.feed.entry.find((e: Json) => e.id === `VU#${clear.caseId}`);
    const docUrl = `${PUBLIC_URL}${W}/clear/${path1}`;
    expect(entry).toMatchObject({
      title: second.doc.document.title,
      content: { type: 'application/json', src: docUrl },
      format: { version: '2.0' },
      updated: second.doc.document.tracking.current_release_date,
    });
    expect(entry.link).toEqual([
      { rel: 'self', href: docUrl },
      { rel: 'hash', href: `${docUrl}.sha256` },
      { rel: 'hash', href: `${docUrl}.sha512` },
      { rel: 'signature', href: `${docUrl}.asc` },
    ]);
    expect(feed.feed.entry.map((e: Json) => e.id)).not.toContain(`VU#${amber.caseId}`);
    const category = (await get(`${W}/category-tlp-clear.json`)).json();
    expect([...shape(category)].sort()).toEqual([...shape(fixture('example-01-category.json'))].sort());
    expect(category.categories.category.map((c: Json) => c.term)).toContain(clear.acmeName);

    // security.txt names the metadata.
    const securityTxt = (await get('/.well-known/security.txt')).body;
    expect(securityTxt).toContain(`CSAF: ${PUBLIC_URL}${W}/provider-metadata.json\n`);
    expect(securityTxt).toMatch(/^Contact: /m);
    expect(securityTxt).toMatch(/^Expires: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/m);

    // The private key is stored encrypted (never in the clear), and no answer carries it.
    const [stored] = await t.db.select().from(csafProviderKeys);
    expect(stored.fingerprint).toBe(fingerprint);
    expect(stored.privateKeyEncrypted).not.toContain('PRIVATE KEY');
    expect(keyRes.body).not.toContain('PRIVATE KEY');

    // Bad file names are 404s.
    for (const bad of [
      `${W}/clear/20x6/vu_1.json`,
      `${W}/clear/${year}/VU_1.json`,
      `${W}/clear/${year}/../x.json`,
    ])
      expect((await t.anonymous().get(bad)).statusCode).toBe(404);
  });

  it('signs with a configured key (CVDP_CSAF_SIGNING_KEY) instead, refusing one locked by a passphrase', async () => {
    const userIDs = [{ name: 'Configured' }];
    const { privateKey } = await openpgp.generateKey({
      type: 'ecc',
      curve: 'ed25519Legacy',
      userIDs,
      format: 'armored',
    });
    const key = await providerKey(t.db, { secretKey: undefined, configuredKey: privateKey }, 'unused');
    const expected = await openpgp.readPrivateKey({ armoredKey: privateKey });
    expect(key.fingerprint).toBe(expected.getFingerprint().toUpperCase());
    expect(key.publicKey).not.toContain('PRIVATE KEY');
    const data = Buffer.from('{"document":{}}\n');
    const verification = await openpgp.verify({
      message: await openpgp.createMessage({ binary: data }),
      signature: await openpgp.readSignature({ armoredSignature: await key.sign(data) }),
      verificationKeys: await openpgp.readKey({ armoredKey: key.publicKey }),
      expectSigned: true,
    });
    await expect(verification.signatures[0].verified).resolves.toBe(true);
    const locked = await openpgp.generateKey({ userIDs, passphrase: 'secret', format: 'armored' });
    await expect(
      providerKey(t.db, { secretKey: undefined, configuredKey: locked.privateKey }, 'unused'),
    ).rejects.toThrow(CONFIGURED_KEY_LOCKED);
  });
});

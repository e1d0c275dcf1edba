// The provider's OpenPGP key (CSAF 2.0 §7.1.19–7.1.20: each document's detached signature, the public key
// named in the metadata). Generated on first use — an Ed25519 v4 key, which GnuPG and the CSAF tools read —
// and kept in csaf_provider_keys with its private half encrypted by the kit's secret box (CVDP_SECRET_KEY),
// like the CVE API keys. Every replica reads the same row; two that generate at once keep the first. A key
// configured in CVDP_CSAF_SIGNING_KEY (armored, no passphrase) is used instead and never stored.
import type * as OpenPgp from 'openpgp';
import { type Db, SecretKeyMissingError, decryptSecret, encryptSecret } from '@cvdp/server-kit';
import { eq } from 'drizzle-orm';
import { csafProviderKeys } from './tables.ts';

export interface ProviderKey {
  fingerprint: string;
  publicKey: string;
  sign(data: Uint8Array): Promise<string>;
}

/**
 * openpgp.js loads with the first key read or made: a process that never signs a CSAF document does not
 * hold it (about 10 MB; docs/architecture.md, Memory).
 */
let openpgpLoad: Promise<typeof OpenPgp> | undefined;
const loadOpenpgp = () => (openpgpLoad ??= import('openpgp'));

/** Decrypted keys per database (never a bare global: tests run several apps in one process). */
const loaded = new WeakMap<Db, Promise<ProviderKey>>();
/** Configured keys, by their armored text (the same text is the same key, whichever app reads it). */
const configured = new Map<string, Promise<ProviderKey>>();

export interface KeySource {
  secretKey: string | undefined;
  configuredKey: string | undefined;
}

export function providerKey(db: Db, source: KeySource, name: string): Promise<ProviderKey> {
  if (source.configuredKey) {
    const armored = source.configuredKey;
    let key = configured.get(armored);
    if (!key) {
      key = readConfigured(armored);
      key.catch(() => configured.delete(armored));
      configured.set(armored, key);
    }
    return key;
  }
  const { secretKey } = source;
  let key = loaded.get(db);
  if (!key) {
    key = loadOrCreate(db, secretKey, name);
    // A failure (no CVDP_SECRET_KEY) is not remembered: the next request tries again.
    key.catch(() => loaded.delete(db));
    loaded.set(db, key);
  }
  return key;
}

async function loadOrCreate(db: Db, secretKey: string | undefined, name: string): Promise<ProviderKey> {
  if (!secretKey) throw new SecretKeyMissingError();
  const openpgp = await loadOpenpgp();
  let [row] = await db.select().from(csafProviderKeys).where(eq(csafProviderKeys.id, 1));
  if (!row) {
    const { privateKey, publicKey } = await openpgp.generateKey({
      type: 'ecc',
      curve: 'ed25519Legacy',
      userIDs: [{ name: `${name} CSAF signing key` }],
      format: 'armored',
    });
    const fingerprint = (await openpgp.readKey({ armoredKey: publicKey })).getFingerprint().toUpperCase();
    await db
      .insert(csafProviderKeys)
      .values({ id: 1, fingerprint, publicKey, privateKeyEncrypted: encryptSecret(privateKey, secretKey) })
      .onConflictDoNothing();
    [row] = await db.select().from(csafProviderKeys).where(eq(csafProviderKeys.id, 1));
  }
  const privateKey = await openpgp.readPrivateKey({
    armoredKey: decryptSecret(row.privateKeyEncrypted, secretKey),
  });
  return signer(openpgp, privateKey, row.fingerprint, row.publicKey);
}

async function readConfigured(armored: string): Promise<ProviderKey> {
  const openpgp = await loadOpenpgp();
  const privateKey = await openpgp.readPrivateKey({ armoredKey: armored });
  if (!privateKey.isDecrypted()) throw new Error(CONFIGURED_KEY_LOCKED);
  return signer(
    openpgp,
    privateKey,
    privateKey.getFingerprint().toUpperCase(),
    privateKey.toPublic().armor(),
  );
}

export const CONFIGURED_KEY_LOCKED =
  'CVDP_CSAF_SIGNING_KEY is protected by a passphrase: configure the key without one (keep the variable secret).';

function signer(
  openpgp: typeof OpenPgp,
  privateKey: OpenPgp.PrivateKey,
  fingerprint: string,
  publicKey: string,
): ProviderKey {
  return {
    fingerprint,
    publicKey,
    async sign(data) {
      const message = await openpgp.createMessage({ binary: data });
      // openpgp's overloads of sign() name stream types lint cannot resolve; armored is a string.
      const sign = openpgp.sign as (options: object) => Promise<string>;
      return sign({ message, signingKeys: privateKey, detached: true, format: 'armored' });
    },
  };
}

// CVDP_SECRET_KEY on the embedded default. Without a key, adding a CVE account (503) or a connection
// token (409) is refused, and a first-time user had to find the setting before either worked. On the
// embedded database (one process, one data folder) the first start therefore generates a key and keeps it
// in the data folder, readable by its owner only; later starts read it back. With DATABASE_URL nothing is
// generated: replicas of both services must share one key, so a PostgreSQL deployment sets it explicitly
// (a key made by one replica would make the others' stored secrets unreadable).
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

export const SECRET_KEY_FILE = 'secret-key';

export type SecretKeySource = 'environment' | 'data folder' | 'generated' | 'none';

/** Reads the kept key into the config; one that is missing or too short stops the start with its reason. */
function readKey(config: Config, file: string): { source: SecretKeySource; file: string } {
  let key: string;
  try {
    key = readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new Error(`${file} cannot be read as the secret key (${(error as Error).message})`);
  }
  if (key.length < 32)
    throw new Error(`${file} holds no usable secret key: remove it to have a new one made`);
  // A copy restored with looser permissions is tightened again.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  config.secretKey = key;
  return { source: 'data folder', file };
}

/**
 * Gives `config.secretKey` a value on the embedded database when the environment set none: read from
 * `<dataDir>/secret-key`, or generated into it (mode 0600) on the first start. Says where it came from.
 */
export function ensureSecretKey(config: Config): { source: SecretKeySource; file?: string } {
  if (config.secretKey) return { source: 'environment' };
  if (config.databaseUrl) return { source: 'none' };
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  if (existsSync(file)) return readKey(config, file);
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  try {
    // 'wx': never overwrite a key another process wrote meanwhile (its secrets would become unreadable).
    writeFileSync(file, key + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process made it between our look and our write: use that one.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKey(config, file);
    throw error;
  }
  config.secretKey = key;
  return { source: 'generated', file };
}

/** The one line a start says about a key it generated (nothing otherwise); the key itself is never shown. */
export function describeSecretKey(result: { source: SecretKeySource; file?: string }): string | null {
  return result.source === 'generated'
    ? `Generated CVDP_SECRET_KEY in ${result.file} (owner-only). It encrypts the CVE Services keys and connection tokens: keep it with the data folder.`
    : null;
}

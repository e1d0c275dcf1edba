// CVDP_SECRET_KEY on the embedded default (issue 24): made once in the data folder, owner-only, read back
// on later starts; never made when the environment sets one or the database is a PostgreSQL server.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { SECRET_KEY_FILE, describeSecretKey, ensureSecretKey } from './secret-key.ts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'cvdp-key-')), 'data');
  dirs.push(path.dirname(dir));
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('is generated on the first start into the data folder, owner-only, and read back on the next', () => {
  const dir = dataDir();
  const first = loadConfig({ CVDP_DATA_DIR: dir });
  const made = ensureSecretKey(first);
  expect(made.source).toBe('generated');
  const file = path.join(dir, SECRET_KEY_FILE);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(first.secretKey).toBe(readFileSync(file, 'utf8').trim());
  expect(first.secretKey!.length).toBeGreaterThanOrEqual(40);
  // Said once, with where it is — never the key itself.
  expect(describeSecretKey(made)).toContain(file);
  expect(describeSecretKey(made)).not.toContain(first.secretKey);

  const second = loadConfig({ CVDP_DATA_DIR: dir });
  expect(ensureSecretKey(second)).toEqual({ source: 'data folder', file });
  expect(second.secretKey).toBe(first.secretKey);
  expect(describeSecretKey({ source: 'data folder', file })).toBeNull();
});

it('keeps the environment key, and makes none for a PostgreSQL server (replicas must share one)', () => {
  const dir = dataDir();
  const fromEnv = loadConfig({ CVDP_DATA_DIR: dir, CVDP_SECRET_KEY: 'set by the operator' });
  expect(ensureSecretKey(fromEnv)).toEqual({ source: 'environment' });
  expect(fromEnv.secretKey).toBe('set by the operator');
  const server = loadConfig({ CVDP_DATA_DIR: dir, DATABASE_URL: 'postgres://db.invalid/cvdp' });
  expect(ensureSecretKey(server)).toEqual({ source: 'none' });
  expect(server.secretKey).toBeUndefined();
  expect(existsSync(path.join(dir, SECRET_KEY_FILE))).toBe(false);
});

it('tightens a restored key file that others could read, and refuses one that holds no key', () => {
  const dir = dataDir();
  ensureSecretKey(loadConfig({ CVDP_DATA_DIR: dir }));
  const file = path.join(dir, SECRET_KEY_FILE);
  chmodSync(file, 0o644);
  ensureSecretKey(loadConfig({ CVDP_DATA_DIR: dir }));
  expect(statSync(file).mode & 0o777).toBe(0o600);
  writeFileSync(file, 'short\n');
  expect(() => ensureSecretKey(loadConfig({ CVDP_DATA_DIR: dir }))).toThrow(/no usable secret key/);
});

it('says what is wrong with a key file it cannot read, instead of making another over it', () => {
  const dir = dataDir();
  mkdirSync(dir, { recursive: true });
  // A link to nowhere: it does not "exist", yet a new file cannot be made in its place.
  symlinkSync(path.join(dir, 'nowhere'), path.join(dir, SECRET_KEY_FILE));
  expect(() => ensureSecretKey(loadConfig({ CVDP_DATA_DIR: dir }))).toThrow(
    /cannot be read as the secret key/,
  );
});

// The app with its files in S3 (CVDP_S3_URL …) against a real S3-protocol server (s3rver on 127.0.0.1): an
// upload lands in the bucket under its storage key, downloads stream back from it, a refused upload leaves no
// object, and a delete removes the object.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { S3FileStorage, defaultStorage, loadConfig } from '@cvdp/server-kit';
import { startS3TestServer, type S3TestServer } from '@cvdp/server-kit/testing/s3-test-server';
import { artifacts } from '../tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  type FileWorld,
  fileWorld,
  uploadToCase,
  uploadToThread,
} from '../../testing/artifact-test-helpers.ts';

let s3: S3TestServer;
let t: TestApp;
let w: FileWorld;
beforeAll(async () => {
  s3 = await startS3TestServer();
  // The store the server kit picks from the settings, as `npm start` would with CVDP_S3_URL set.
  const config = loadConfig({
    CVDP_S3_URL: s3.options.endpoint,
    CVDP_S3_BUCKET: s3.options.bucket,
    CVDP_S3_ACCESS_KEY_ID: s3.options.accessKeyId,
    CVDP_S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey,
  });
  t = await createTestApp({ config: { s3: config.s3 }, storage: defaultStorage(config) });
  w = await fileWorld(t);
});
afterAll(async () => {
  await t.close();
  (t.app.storage as S3FileStorage).close();
  await s3.close();
});

it('stores uploads in the bucket and streams downloads back from it', async () => {
  expect(t.app.storage).toBeInstanceOf(S3FileStorage);
  const content = Buffer.alloc(3 * 1024 * 1024 + 17, 'ab');
  const res = await uploadToCase(w.vendorA, w.caseId, {
    name: 'dump.bin',
    content,
    type: 'application/octet-stream',
  });
  expect(res.statusCode, res.body).toBe(201);
  const file = res.json();
  expect(file.sha256).toBe(createHash('sha256').update(content).digest('hex'));
  const [row] = await t.db.select().from(artifacts).where(eq(artifacts.uuid, file.uuid));
  expect(await s3.objectKeys()).toEqual([row.storageKey]);

  const got = await w.vendorA.get(`/api/case/artifact/${file.uuid}/download/`);
  expect(got.statusCode).toBe(200);
  expect(got.rawPayload.equals(content)).toBe(true);
  expect(got.headers['content-disposition']).toMatch(/^attachment; filename="dump.bin"/);
  expect(got.headers['x-content-type-options']).toBe('nosniff');
  // Thread files go the same way; readers download them from the bucket.
  const attached = await uploadToThread(w.vendorA, w.vendorAThread, {
    name: 'note.txt',
    content: 'in thread',
  });
  expect(attached.statusCode).toBe(201);
  expect((await w.coordinator.get(`/api/case/artifact/${attached.json().uuid}/download/`)).body).toBe(
    'in thread',
  );
  expect((await w.vendorB.get(`/api/case/artifact/${attached.json().uuid}/download/`)).statusCode).toBe(404);

  expect((await w.vendorA.delete(`/api/case/artifact/${file.uuid}/`)).statusCode).toBe(204);
  expect(await s3.objectKeys()).not.toContain(row.storageKey);
  expect((await w.vendorA.get(`/api/case/artifact/${file.uuid}/download/`)).statusCode).toBe(404);
});

it('leaves no object behind for an upload over the limit (parts already sent are dropped)', async () => {
  const before = await s3.objectKeys();
  const res = await uploadToCase(w.vendorA, w.caseId, {
    name: 'too-big.bin',
    content: Buffer.alloc(t.config.maxUploadBytes + 1, 1),
  });
  expect(res.statusCode).toBe(413);
  expect(await s3.objectKeys()).toEqual(before);
});

it('answers 404 for a file whose object is gone from the bucket', async () => {
  const file = (await uploadToCase(w.vendorA, w.caseId, { name: 'x.txt', content: 'x' })).json();
  const [row] = await t.db.select().from(artifacts).where(eq(artifacts.uuid, file.uuid));
  await s3.storage.delete(row.storageKey);
  const res = await w.vendorA.get(`/api/case/artifact/${file.uuid}/download/`);
  expect(res.statusCode).toBe(404);
  expect(res.json().detail).toBe('The file is no longer available.');
});

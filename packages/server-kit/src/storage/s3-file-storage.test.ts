// S3FileStorage against a real S3-protocol server (s3rver, started here on 127.0.0.1 with a temporary
// folder): the same behaviour suite as the local folder, plus what is particular to object storage.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { fileStorageBehaviour } from '../../testing/file-storage-behaviour.ts';
import { S3FileStorage } from './s3-file-storage.ts';
import { startS3TestServer, type S3TestServer } from '../../testing/s3-test-server.ts';

fileStorageBehaviour('S3FileStorage', async () => {
  const server = await startS3TestServer();
  return { storage: server.storage, stored: () => server.objectKeys(), cleanup: () => server.close() };
});

describe('S3FileStorage', () => {
  let server: S3TestServer;
  beforeAll(async () => {
    server = await startS3TestServer();
  });
  afterAll(() => server.close());

  it('keeps objects under random keys of the local shape, not under anything from the content', async () => {
    const stored = await server.storage.put(Readable.from([Buffer.from('x')]));
    expect(stored.key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(await server.objectKeys()).toEqual([stored.key]);
    await server.storage.delete(stored.key);
  });

  it('finds nothing to sweep on a store that lists no multipart uploads', async () => {
    expect(await server.storage.sweepStaleUploads()).toBe(0);
  });

  it('reports an unreachable store as an error, not as a missing file', async () => {
    const down = new S3FileStorage({ ...server.options, endpoint: 'http://127.0.0.1:9' });
    try {
      const error = await down.get('00/00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).name).not.toBe('FileNotFoundError');
    } finally {
      down.close();
    }
  });
});

describe('CVDP_S3_* settings', () => {
  const env = {
    CVDP_S3_URL: 'http://127.0.0.1:9000',
    CVDP_S3_BUCKET: 'cvdp-files',
    CVDP_S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    CVDP_S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  };

  it('are off by default (the local folder stays the store)', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('read the endpoint, bucket, region (us-east-1 by default) and key pair', () => {
    expect(loadConfig(env).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'cvdp-files',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(loadConfig({ ...env, CVDP_S3_REGION: 'eu-central-1' }).s3?.region).toBe('eu-central-1');
  });

  it('refuse a bad endpoint or a missing bucket without repeating any value (it may hold a secret)', () => {
    for (const bad of [
      { ...env, CVDP_S3_URL: 'ftp://user:hunter2secret@host' },
      { ...env, CVDP_S3_URL: 'not a url hunter2secret' },
      { ...env, CVDP_S3_BUCKET: '' },
      { ...env, CVDP_S3_SECRET_ACCESS_KEY: '' },
    ]) {
      let message = '';
      try {
        loadConfig(bad);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/CVDP_S3_/);
      expect(message).not.toContain('hunter2secret');
      expect(message).not.toContain(env.CVDP_S3_SECRET_ACCESS_KEY);
    }
  });
});

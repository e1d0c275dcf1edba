// Tests only: a real S3-protocol server (s3rver) on 127.0.0.1, a free port and a temporary folder, with an
// empty bucket, and an S3FileStorage pointed at it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { S3FileStorage, type S3StorageOptions } from '../src/storage/s3-file-storage.ts';

export interface S3TestServer {
  /** Settings for an S3FileStorage (or the CVDP_S3_* variables) that reach this server's bucket. */
  options: S3StorageOptions;
  storage: S3FileStorage;
  /** Keys of every object in the bucket. */
  objectKeys(): Promise<string[]>;
  close(): Promise<void>;
}

let buckets = 0;

export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'cvdp-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const options: S3StorageOptions = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: `cvdp-test-${process.pid}-${++buckets}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const storage = new S3FileStorage(options);
  await (await storage.client()).send(new CreateBucketCommand({ Bucket: options.bucket }));
  return {
    options,
    storage,
    async objectKeys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await (
          await storage.client()
        ).send(new ListObjectsV2Command({ Bucket: options.bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    async close() {
      storage.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

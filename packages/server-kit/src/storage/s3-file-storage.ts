// FileStorage on an S3-compatible object store (AWS S3, MinIO, Ceph, …), so several service replicas share
// the files. Streaming both ways: content goes up in parts (@aws-sdk/lib-storage; at most `partSize ×
// (queueSize + 1)` bytes of one upload are in memory) while it is sized and hashed, and comes back as the
// GetObject body stream. An upload past the size limit is aborted: its parts are dropped and no object
// appears under its key (a multipart upload becomes an object only when completed).
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  FileNotFoundError,
  FileTooLargeError,
  type FileStorage,
  type ListedFile,
  type PutOptions,
  type StoredFile,
} from './file-storage.ts';
import { MeasuringStream, STORAGE_KEY_PATTERN, newStorageKey } from './measuring-stream.ts';

export interface S3StorageOptions {
  /** The service's address, e.g. `http://127.0.0.1:9000` (path-style addressing: `<endpoint>/<bucket>/<key>`). */
  endpoint: string;
  bucket: string;
  region: string;
  /** Without a key pair the SDK's default chain applies (environment, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bytes per uploaded part (S3's minimum, 5 MiB, by default). */
  partSize?: number;
  /** Parts of one upload sent at once (1 by default: memory stays at about two parts per upload). */
  queueSize?: number;
}

const MIN_PART_SIZE = 5 * 1024 * 1024;
/** Multipart uploads older than this belong to a process that died mid-upload. */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

/**
 * The AWS SDK loads with the first S3 call, once per process: a process storing files in a local folder
 * never holds it (about 20 MB resident; docs/architecture.md, Memory).
 */
let sdkLoad:
  Promise<[typeof import('@aws-sdk/client-s3'), typeof import('@aws-sdk/lib-storage')]> | undefined;
const loadSdk = () =>
  (sdkLoad ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]));

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

export class S3FileStorage implements FileStorage {
  readonly bucket: string;
  private readonly partSize: number;
  private readonly queueSize: number;
  private readonly options: S3StorageOptions;
  private madeClient: S3Client | undefined;

  constructor(options: S3StorageOptions) {
    this.options = options;
    this.bucket = options.bucket;
    this.partSize = Math.max(options.partSize ?? MIN_PART_SIZE, MIN_PART_SIZE);
    this.queueSize = options.queueSize ?? 1;
  }

  /** The SDK and this store's client, both made at the first call. */
  private async sdk() {
    const [s3, storage] = await loadSdk();
    if (!this.madeClient) {
      const { endpoint, region, accessKeyId, secretAccessKey } = this.options;
      this.madeClient = new s3.S3Client({
        endpoint,
        region,
        forcePathStyle: true,
        ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
      });
    }
    return { ...s3, Upload: storage.Upload, client: this.madeClient };
  }

  /** The store's S3 client (tests use it for what FileStorage does not offer, such as creating the bucket). */
  async client(): Promise<S3Client> {
    return (await this.sdk()).client;
  }

  /** Where it stores, for a start-up log line (never the credentials). */
  describe(): string {
    return `s3 bucket "${this.bucket}"`;
  }

  private checked(key: string): string {
    // Keys come back from the database, but only our own key shape is ever sent to the store.
    if (!STORAGE_KEY_PATTERN.test(key)) throw new FileNotFoundError(key);
    return key;
  }

  async put(content: Readable, options: PutOptions = {}): Promise<StoredFile> {
    const { Upload, DeleteObjectCommand, client } = await this.sdk();
    const key = newStorageKey();
    const measure = new MeasuringStream(options.maxBytes ?? Number.POSITIVE_INFINITY);
    const upload = new Upload({
      client,
      params: { Bucket: this.bucket, Key: key, Body: measure },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    try {
      await Promise.all([pipeline(content, measure), upload.done()]);
    } catch (error) {
      content.destroy();
      measure.destroy();
      await upload.abort().catch(() => undefined);
      // A single-part upload may have been stored just before the failure surfaced: remove it too.
      await client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch(() => undefined);
      if (measure.tooLarge) throw new FileTooLargeError(options.maxBytes!);
      throw error;
    }
    return { key, size: measure.byteCount, sha256: measure.hash.digest('hex') };
  }

  async get(key: string): Promise<Readable> {
    const { GetObjectCommand, client } = await this.sdk();
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
      return object.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new FileNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing object with success, as the interface wants.
    const { DeleteObjectCommand, client } = await this.sdk();
    await client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
  }

  /**
   * Aborts multipart uploads a killed process left unfinished (their parts cost storage but are no object).
   * Stores that do not list multipart uploads (s3rver) answer NotImplemented: then there is nothing to do here,
   * and a bucket lifecycle rule (AbortIncompleteMultipartUpload) is the way to clean up.
   */
  async sweepStaleUploads(olderThanMs = STALE_UPLOAD_MS): Promise<number> {
    const { ListMultipartUploadsCommand, AbortMultipartUploadCommand, client } = await this.sdk();
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    try {
      for (;;) {
        const page = await client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
        for (const u of page.Uploads ?? []) {
          if (!u.Key || !u.UploadId || !STORAGE_KEY_PATTERN.test(u.Key)) continue;
          if ((u.Initiated?.getTime() ?? Date.now()) >= cutoff) continue;
          await client.send(
            new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId }),
          );
          removed++;
        }
        if (!page.IsTruncated) break;
        keyMarker = page.NextKeyMarker;
        uploadIdMarker = page.NextUploadIdMarker;
      }
    } catch (error) {
      if ((error as { name?: string }).name === 'NotImplemented') return removed;
      throw error;
    }
    return removed;
  }

  /** The bucket's objects under keys of ours, a page (1,000) at a time. */
  async *list(): AsyncIterable<ListedFile> {
    const { ListObjectsV2Command, client } = await this.sdk();
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? [])
        if (o.Key && STORAGE_KEY_PATTERN.test(o.Key))
          yield { key: o.Key, modifiedAt: o.LastModified ?? new Date() };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Closes the client's connections (tests, shutdown). */
  close(): void {
    this.madeClient?.destroy();
  }
}

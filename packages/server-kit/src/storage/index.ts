export * from './file-storage.ts';
export * from './local-file-storage.ts';
export * from './s3-file-storage.ts';
export { STORAGE_KEY_PATTERN } from './measuring-stream.ts';

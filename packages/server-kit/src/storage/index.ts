export * from './file-storage.ts';
export * from './local-file-storage.ts';

// The threads feature's calls, one file per endpoint: its fetcher, its query options and its hook (or its
// mutation hook, which owns what to refresh afterwards). Components call the hooks only.
export * from './threads.ts';
export * from './thread.ts';
export * from './create-thread.ts';
export * from './update-thread.ts';
export * from './case-participants.ts';
export * from './thread-posts.ts';
export * from './thread-read.ts';
export * from './pinned-posts.ts';
export * from './create-post.ts';
export * from './update-post.ts';
export * from './delete-post.ts';
export * from './react-to-post.ts';
export * from './post-history.ts';
export * from './thread-events.ts';
export type { OnProgress, UploadInput } from './upload-progress.ts';
export * from './upload-to-thread.ts';
export * from './upload-artifact.ts';
export * from './share-artifact.ts';
export * from './delete-artifact.ts';

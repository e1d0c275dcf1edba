// The notifications feature's calls, one file per endpoint: its fetcher, its query options and its hook (or
// its mutation hook, which owns what to refresh afterwards). Components call the hooks only.
export * from './notifications.ts';
export * from './unread-count.ts';
export * from './mark-read.ts';
export * from './actions.ts';
export * from './preferences.ts';
export * from './thread-follow.ts';

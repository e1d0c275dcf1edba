// The audit log's calls, one file per endpoint: its fetcher, its query options and its hook.
export * from './audit-log.ts';
export * from './audit-actors.ts';

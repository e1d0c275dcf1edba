// The dashboard's calls, one file per endpoint: its fetcher, its query options and its hook.
export * from './metrics.ts';
export * from './weekly.ts';

// The desk's calls (SPEC §7 "Case calls"), one file per endpoint: its fetcher, its query options and its
// hook. Every list is a page ({count, next, previous, results}). Components call the hooks only.
export * from './cases.ts';
export * from './triage.ts';
export * from './search.ts';
export * from './list-metadata.ts';
export * from './bulk-triage.ts';
export * from './triage-messages.ts';

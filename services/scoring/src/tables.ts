// Every table the scoring service's domains own, in one import for tests, seeds and benchmarks.
export * from './records/tables.ts';
export * from './scores/tables.ts';
export * from './activity/tables.ts';
export * from './ingest/tables.ts';
export * from './analysis/tables.ts';
export * from './cpe/tables.ts';
export * from './work/tables.ts';
export * from './predisclosure/tables.ts';

// Every table the coordination service's domains own, in one import for tests, seeds and benchmarks.
// Code inside a domain imports its own tables.ts (and a lower domain's) directly.
export * from './cases/tables.ts';
export * from './reports/tables.ts';
export * from './artifacts/tables.ts';
export * from './groups/tables.ts';
export * from './cwe/tables.ts';
export * from './assignments/tables.ts';
export * from './notifications/tables.ts';
export * from './email/tables.ts';
export * from './search/tables.ts';
export * from './threads/tables.ts';
export * from './posts/tables.ts';
export * from './vuls/tables.ts';
export * from './vendor-status/tables.ts';
export * from './advisories/tables.ts';
export * from './advisories/publication/tables.ts';
export * from './cve/tables.ts';
export * from './catalogue/tables.ts';
export * from './connections/tables.ts';
export * from './transfers/send/tables.ts';
export * from './transfers/receive/tables.ts';
export * from './second-factors/tables.ts';
export * from './provider/tables.ts';
export * from './webhooks/tables.ts';
export * from './osv/tables.ts';
export * from './embargo/tables.ts';
export * from './duplicates/tables.ts';

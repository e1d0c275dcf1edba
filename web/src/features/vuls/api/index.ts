// The vulnerability calls of a case (issue 11), one file per endpoint: its fetcher, its query options and its
// hook (or its mutation hook, which owns what to refresh afterwards). Components call the hooks only. Scores
// and outcomes are never sent: the server computes them from the vector or the decision table.
export type { VulRef } from './vul-ref.ts';
export * from './vuls.ts';
export * from './create-vul.ts';
export * from './update-vul.ts';
export * from './delete-vul.ts';
export * from './create-vuls-from-report.ts';
export * from './vul-attributes.ts';
export * from './save-cvss.ts';
export * from './delete-cvss.ts';
export * from './ssvc-history.ts';
export * from './save-ssvc.ts';
export * from './delete-ssvc.ts';
export * from './vendor-status.ts';
export * from './save-vendor-status.ts';
export * from './vex.ts';

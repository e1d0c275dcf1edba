// The scoring feature's calls (base 2, score_api_url), one file per endpoint: its fetcher, its query options
// and its hook (or its mutation hook, which owns what to refresh afterwards). Components call the hooks only.
// Scores and outcomes are never sent: the server computes them.
export * from './queue.ts';
export * from './vul.ts';
export * from './change-vul-lock.ts';
export * from './score-vul.ts';
export * from './analysis.ts';
export * from './save-analysis.ts';
export * from './vul-changes.ts';
export * from './vul-activity.ts';
export * from './create-case-from-vul.ts';
export * from './upload-records.ts';
export * from './ingest-job.ts';
export * from './predisclosure.ts';
export * from './predisclosure-vul.ts';
export * from './score-predisclosure-vul.ts';
export * from './update-predisclosure-vul.ts';
export * from './create-case-from-predisclosure.ts';
export * from './cpes.ts';
export * from './cpe-vuls.ts';
export * from './add-cpe.ts';
export * from './scorers.ts';
export * from './priorities.ts';
export * from './create-priority.ts';
export * from './delete-priority.ts';
export * from './assignments.ts';
export * from './create-assignment.ts';
export * from './delete-assignment.ts';
export * from './insights.ts';
export * from './vulnrich-insights.ts';
export * from './score-insights.ts';

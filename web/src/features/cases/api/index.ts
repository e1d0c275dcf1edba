// The case feature's calls, one file per endpoint: its fetcher, its query options and its hook (or its
// mutation hook, which owns what to refresh afterwards). Components call the hooks only.
export * from './case.ts';
export * from './original-report.ts';
export * from './list-metadata.ts';
export * from './update-case.ts';
export * from './case-relation.ts';
export * from './set-case-muted.ts';
export * from './case-assignments.ts';
export * from './assign-case.ts';
export * from './unassign-case.ts';
export * from './contacts.ts';
export * from './participants.ts';
export * from './participants-summary.ts';
export * from './add-participants.ts';
export * from './change-participant-role.ts';
export * from './remove-participant.ts';
export * from './notify-participants.ts';
export * from './case-activity.ts';
export * from './transfer-targets.ts';
export * from './case-transfers.ts';
export * from './start-transfer.ts';
export * from './duplicates.ts';
export * from './merge-report.ts';
export * from './release-held.ts';

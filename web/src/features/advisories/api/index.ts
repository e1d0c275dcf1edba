// The advisories feature's calls (issue 12), one file per endpoint: its fetcher, its query options and its
// hook (or its mutation hook, which owns what to refresh afterwards). Components call the hooks only.
// A case's advisory: revisions (save, list, diff), sharing and publishing the latest, vendors' approvals.
export * from './revisions.ts';
export * from './save-revision.ts';
export * from './patch-latest.ts';
export * from './blockers.ts';
export * from './publication-schedule.ts';
export * from './diff.ts';
export * from './approvals.ts';
export * from './request-approvals.ts';
export * from './answer-approval.ts';
// Its CSAF: the validated document, the case's CSAF settings (staff) and the import of a CSAF file (staff).
export * from './csaf-document.ts';
export * from './csaf-settings.ts';
export * from './save-csaf-settings.ts';
export * from './vendor-participants.ts';
export * from './upload-csaf.ts';
// The administrators' CSAF profiles.
export * from './csaf-profiles.ts';
export * from './create-csaf-profile.ts';
export * from './update-csaf-profile.ts';
export * from './delete-csaf-profile.ts';

// Administrators' calls (registrations, users, groups, requests to join a group), one file per endpoint: its
// fetcher, its query options and its hook (or its mutation hook, which owns what to refresh afterwards).
export * from './pending-users.ts';
export * from './approve-user.ts';
export * from './reject-user.ts';
export * from './users.ts';
export * from './update-user.ts';
export * from './groups.ts';
export * from './create-group.ts';
export * from './group-requests.ts';
export * from './decide-group-request.ts';
export * from './second-factor-policy.ts';
export * from './webhooks.ts';
export * from './create-webhook.ts';
export * from './update-webhook.ts';
export * from './delete-webhook.ts';
export * from './test-webhook.ts';
export * from './webhook-deliveries.ts';
export * from './report-limits.ts';

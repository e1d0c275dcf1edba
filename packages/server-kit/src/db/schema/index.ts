// The server kit's own tables: identity (users, groups and memberships, sessions, API tokens, sign-in
// failures) that both services authenticate against, and the activity log both write. Domain tables live
// in their domain's tables.ts (services/*/src/<domain>/tables.ts); one migration set covers them all.
export * from './accounts.ts';
export * from './activity.ts';

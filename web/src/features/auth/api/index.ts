// The auth feature's calls, one file per endpoint: its fetcher, its query options and its hook (or its
// mutation hook, which owns what to refresh afterwards). Components call the hooks only.
export * from './current-user.ts';
export * from './login.ts';
export * from './register.ts';
export * from './logout.ts';
export * from './report-activity.ts';
export * from './second-step.ts';
export * from './enrol-at-sign-in.ts';
export * from './passkey-sign-in.ts';

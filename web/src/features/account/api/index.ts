// The account feature's calls, one file per endpoint: its fetcher, its query options and its hook (or its
// mutation hook, which owns what to refresh afterwards). Components call the hooks only.
export * from './change-password.ts';
export * from './my-tokens.ts';
export * from './create-token.ts';
export * from './revoke-token.ts';
export * from './group-directory.ts';
export * from './request-to-join-group.ts';
export * from './second-factors.ts';
export * from './start-totp.ts';
export * from './confirm-totp.ts';
export * from './remove-second-factor.ts';
export * from './replace-recovery-codes.ts';
export * from './register-passkey.ts';

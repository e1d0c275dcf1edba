// CVE Services' calls (scorers and administrators), one file per endpoint: its fetcher, its query options and
// its hook (or its mutation hook, which owns what to refresh afterwards). Components call the hooks only.
export * from './cve-accounts.ts';
export * from './cve-account.ts';
export * from './cve-account-options.ts';
export * from './create-cve-account.ts';
export * from './update-cve-account.ts';
export * from './delete-cve-account.ts';
export * from './cve-reservations.ts';
export * from './reserve-cve-ids.ts';
export * from './assign-cve-reservation.ts';
export * from './cve-readiness.ts';
export * from './cve-record.ts';
export * from './publish-cve-record.ts';

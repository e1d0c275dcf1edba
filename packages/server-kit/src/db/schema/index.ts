export * from './accounts.ts';
export * from './cases.ts';
export * from './cwe.ts';
export * from './activity.ts';

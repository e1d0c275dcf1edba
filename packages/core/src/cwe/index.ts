export * from './cwe-id.ts';
export * from './cwe-limits.ts';
export * from './cwe-api.ts';
export * from './cwe-usage.ts';

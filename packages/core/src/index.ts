// @cvdp/core: pure TypeScript shared by the browser and both services. No I/O here.
export * from './cvss4/index.ts';
export * from './cwe/index.ts';
export * from './report/index.ts';
export * from './auth/index.ts';
export * from './http/index.ts';
export * from './cases/index.ts';
// Wire shapes: what the services answer, imported by the web instead of re-declared.
export * from './accounts/index.ts';
export * from './cases/wire.ts';
export * from './report/wire.ts';
export * from './artifacts/index.ts';
export * from './ids/index.ts';
export * from './participants/index.ts';
export * from './assignments/index.ts';
export * from './notifications/index.ts';
export * from './activity/index.ts';
export * from './threads/index.ts';
export * from './vuls/index.ts';
export * from './ssvc/index.ts';
export * from './advisories/index.ts';
export * from './csaf/index.ts';
export * from './catalogue/index.ts';
export * from './catalogue/tag-usage.ts';
export * from './transfers/index.ts';
export * from './second-factors/index.ts';
export * from './duplicates/index.ts';

export { coordinationService } from './app.ts';
export { prepareCoordinationData } from './database.ts';
export { ensureAdmin, describeBootstrap } from './accounts/bootstrap-admin.ts';
export { createReport } from './reports/store.ts';
export * from './tables.ts';
// CVE Services for the scoring service's ADP containers (a client per stored account) and its tests.
export { clientFor } from './cve/store.ts';
export { CveServicesError } from './cve/client.ts';
export { MISSING_SECRET_KEY } from './cve/cve-failure.ts';
// The policy, for the route-wide tests: what a caller may do in a case, by the same rule the routes apply.
export { can, loadCaseAccess, type PolicyAction } from './policy/index.ts';

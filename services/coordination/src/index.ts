export { coordinationService } from './app.ts';
export { prepareCoordinationData } from './database.ts';
export { ensureAdmin, describeBootstrap } from './accounts/bootstrap-admin.ts';
export { createReport } from './reports/store.ts';
export * from './tables.ts';

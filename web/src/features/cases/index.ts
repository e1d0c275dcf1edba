// The case page (report working copy, files, original for coordinators). Other features may use the case
// call and the status badge colours; the screens themselves load lazily through caseRoutes.
export { caseRoutes } from './routes.tsx';
export { fetchCase, useReleaseHeld } from './api/index.ts';
export { caseStatus } from './case-status.ts';
export { ContactField } from './components/ContactField.tsx';

// The case page (report working copy, files, original for coordinators).
export { caseRoutes } from './routes.tsx';

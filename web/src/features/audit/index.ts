// The audit log (issue 14): administrators read every change outside a case (catalogue, templates, accounts,
// settings) with its before and after — reached from the Administration menu, a lazy route.
export { auditRoutes } from './routes.tsx';

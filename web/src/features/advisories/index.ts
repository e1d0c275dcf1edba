// A case's advisory: the Advisory tab of the case page (revisions, sharing and publishing, approvals, CSAF),
// loaded only when the tab opens, and the administrators' CSAF profiles screen (a lazy route).
export { advisoryAdminRoutes } from './routes.tsx';
export const loadAdvisoryTab = () => import('./components/AdvisoryTab.tsx');

// The start page by role: the desk for coordinators, the queue for scorers, their cases for vendors, their
// reports for reporters.
export { homeRoutes } from './routes.tsx';

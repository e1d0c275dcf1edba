// The start page by role: the desk for coordinators, their cases for vendors, their reports for reporters.
export { homeRoutes } from './routes.tsx';

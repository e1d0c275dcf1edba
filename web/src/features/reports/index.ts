// Report intake screens: new report, edit report, my reports.
export { reportRoutes } from './routes.tsx';

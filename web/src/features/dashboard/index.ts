// The staff dashboard: the metrics over a date range, as figures and charts.
export { dashboardRoutes } from './routes.tsx';

// Scoring (issue 13, base 2): the queue of CVE records and one vulnerability's scoring page, for scorers and admins.
export { scoringRoutes } from './routes.tsx';

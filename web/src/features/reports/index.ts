// Report intake screens: new report, edit report, my reports.
export { reportRoutes } from './routes.tsx';
export { ReportForm, type ReportFormProps } from './components/ReportForm.tsx';

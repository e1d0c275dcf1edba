// CVE Services: the scorers' and administrators' CVE accounts and reserved ids (lazy routes), and the calls
// of a vulnerability's CVE record and the checklist of what it still needs (the Vulnerabilities tab's CVE
// record panel uses them). Light: no pages.
export { cveRoutes } from './routes.tsx';
export { cveErrorMessage } from './error-message.ts';
export { CveReadinessChecklist } from './components/CveReadinessChecklist.tsx';
export {
  cveReadinessQuery,
  cveRecordQuery,
  fetchCveReadiness,
  fetchCveRecord,
  publishCveRecord,
  useCveReadiness,
  useCveRecord,
  usePublishCveRecord,
} from './api/index.ts';

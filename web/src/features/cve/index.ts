// CVE Services: the scorers' and administrators' CVE accounts and reserved ids (lazy routes), and the calls
// of a vulnerability's CVE record (the Vulnerabilities tab's CVE record panel uses them). Light: no pages.
export { cveRoutes } from './routes.tsx';
export { cveErrorMessage } from './error-message.ts';
export {
  cveRecordQuery,
  fetchCveRecord,
  publishCveRecord,
  useCveRecord,
  usePublishCveRecord,
} from './api/index.ts';

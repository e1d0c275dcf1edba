// A case's advisory: the Advisory tab of the case page (revisions, sharing and publishing, approvals, CSAF).
// The case page loads it lazily.
export { AdvisoryTab } from './components/AdvisoryTab.tsx';

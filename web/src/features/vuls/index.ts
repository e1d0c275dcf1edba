// A case's vulnerabilities: the Vulnerabilities tab of the case page (list, scores, SSVC, vendor status
// grid, VEX). The case page loads it lazily.
export { VulnerabilitiesTab } from './components/VulnerabilitiesTab.tsx';

// Where the desk's screens live. The case page itself belongs to the cases feature.
export const MY_CASES_PATH = '/cvdp/my-cases';
export const ALL_CASES_PATH = '/cvdp/cases';
export const TRIAGE_PATH = '/cvdp/triage';
export const SEARCH_PATH = '/cvdp/search';
export const casePath = (caseId: number) => `/cvdp/cases/${caseId}`;

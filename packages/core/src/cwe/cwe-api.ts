// The wire shape of `GET api/cwe/` (coordination service), shared by the server route and the web client.

export type CweUsage = 'Allowed' | 'Allowed-with-Review' | 'Discouraged' | 'Prohibited' | (string & {});
export type CweKind = 'weakness' | 'category' | 'view';

export interface CweChildRef {
  cwe: string;
  name: string;
}

export interface CweSearchResult {
  /** 'CWE-79' */
  cwe: string;
  name: string;
  description: string;
  children: CweChildRef[];
  usage: CweUsage;
  /** Member of view 1003, the slice NVD maps published vulnerabilities to. */
  slice_1003: boolean;
  kind: CweKind;
  abstraction: string | null;
  status: string;
}

export interface CweSearchPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: CweSearchResult[];
}

export const CWE_MODAL_PAGE_SIZE = 100;
export const CWE_TYPEAHEAD_PAGE_SIZE = 200;
export const CWE_DEFAULT_PAGE_SIZE = 100;
export const CWE_MAX_PAGE_SIZE = 200;

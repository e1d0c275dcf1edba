// CWE catalogue calls (GET api/cwe/) and the two ways the picker pages through them.
export { searchCwes, fetchCwePage, type CweSearchParams } from './search-cwes.ts';
export { useCweModalSearch, MODAL_SEARCH_DELAY_MS, type CweModalSearch } from './cwe-modal-search.ts';
export { useCweTypeaheadSearch, type CweOption } from './cwe-typeahead-search.ts';

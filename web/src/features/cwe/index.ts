// CWE picking for the report form: typeahead, 'Search CWEs' modal, and the field combining both.
export { CweField, type CweFieldProps } from './components/CweField.tsx';
export { CweSearchModal, type CweSearchModalProps } from './components/CweSearchModal.tsx';
export { CweTypeahead, type CweTypeaheadProps } from './components/CweTypeahead.tsx';

// The CWE picker of one vulnerability in the report form: the typeahead plus a search button that opens the
// 'Search CWEs' modal (SPEC §2). Both edit the same list and share the modal's 'Show deprecated'.
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { CweSearchModal } from './CweSearchModal.tsx';
import { CweTypeahead } from './CweTypeahead.tsx';

export interface CweFieldProps {
  id: string;
  value: string[];
  onChange(cwes: string[]): void;
  error?: string;
}

function SearchIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M11.742 10.344a6.5 6.5 0 1 0-1.397 1.398h-.001l3.85 3.85a1 1 0 0 0 1.415-1.414l-3.85-3.85zm-5.242 1.156a5 5 0 1 1 0-10 5 5 0 0 1 0 10" />
    </svg>
  );
}

export function CweField({ id, value, onChange, error }: CweFieldProps) {
  const [modalOpen, setModalOpen] = useState(false);
  // One choice per field: ticked in the modal, the typeahead lists retired entries too.
  const [showDeprecated, setShowDeprecated] = useState(false);
  return (
    <div>
      <div className="d-flex gap-2 align-items-start">
        <div className="flex-grow-1">
          <CweTypeahead
            id={id}
            selected={value}
            onChange={onChange}
            isInvalid={Boolean(error)}
            showDeprecated={showDeprecated}
          />
        </div>
        <Button
          variant="outline-secondary"
          aria-label="Search CWEs"
          title="Search CWEs"
          onClick={() => setModalOpen(true)}
        >
          <SearchIcon />
        </Button>
      </div>
      {error && (
        <Form.Text as="div" className="text-danger">
          {error}
        </Form.Text>
      )}
      <CweSearchModal
        show={modalOpen}
        selected={value}
        showDeprecated={showDeprecated}
        onShowDeprecatedChange={setShowDeprecated}
        onCancel={() => setModalOpen(false)}
        onSubmit={(cwes) => {
          onChange(cwes);
          setModalOpen(false);
        }}
      />
    </div>
  );
}

// The Edit and Delete buttons of a catalogue row, named for screen readers by the row's name.
import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';

export function RowActions(props: { name: string; onEdit(): void; onDelete(): void; children?: ReactNode }) {
  return (
    <div className="d-flex flex-wrap gap-1 justify-content-end">
      {props.children}
      <Button size="sm" variant="outline-secondary" aria-label={`Edit ${props.name}`} onClick={props.onEdit}>
        Edit
      </Button>
      <Button size="sm" variant="outline-danger" aria-label={`Delete ${props.name}`} onClick={props.onDelete}>
        Delete
      </Button>
    </div>
  );
}

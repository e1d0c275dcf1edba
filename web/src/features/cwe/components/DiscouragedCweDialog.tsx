// Asked before a Discouraged CWE is chosen (MITRE's Mapping_Notes Usage): its note says why it is usually the
// wrong choice and what to look at instead, so the reporter decides having read it.
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import type { PickableCwe } from '../pick-rules.ts';

export function DiscouragedCweDialog(props: { entry: PickableCwe; onConfirm(): void; onCancel(): void }) {
  const { entry } = props;
  const note = entry.mapping_note;
  return (
    <ConfirmDialog
      title={`Use ${entry.cwe} although MITRE discourages it?`}
      confirmLabel={`Use ${entry.cwe}`}
      variant="warning"
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      <p>
        MITRE discourages mapping vulnerabilities to{' '}
        <strong>
          {entry.cwe}
          {entry.name ? `: ${entry.name}` : ''}
        </strong>
        .
      </p>
      {note?.rationale && (
        <p>
          <span className="fw-semibold">Why: </span>
          {note.rationale}
        </p>
      )}
      {note?.comments && (
        <p className="mb-0">
          <span className="fw-semibold">MITRE suggests: </span>
          {note.comments}
        </p>
      )}
    </ConfirmDialog>
  );
}

// Every version of an edited post, oldest first, and the line patch between consecutive versions.
import { Modal } from 'react-bootstrap';
import { formatDateTime } from '../../../lib/format.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { usePostHistory } from '../api/index.ts';

function lineClass(line: string) {
  if (line.startsWith('+++') || line.startsWith('---')) return 'text-body-secondary';
  if (line.startsWith('+')) return 'bg-success-subtle text-success-emphasis';
  if (line.startsWith('-')) return 'bg-danger-subtle text-danger-emphasis';
  if (line.startsWith('@@')) return 'text-primary-emphasis';
  return undefined;
}

/** A unified patch, one line per row: additions green, removals red (the +/- stay for screen readers). */
export function Patch({ patch }: { patch: string }) {
  const lines = patch.replace(/\n$/, '').split('\n');
  return (
    <pre className="border rounded p-2 small mb-0" style={{ whiteSpace: 'pre-wrap' }}>
      {lines.map((line, i) => (
        <div key={i} className={lineClass(line)}>
          {line || ' '}
        </div>
      ))}
    </pre>
  );
}

export function PostHistoryModal({ postId, onClose }: { postId: number; onClose: () => void }) {
  const history = usePostHistory(postId);
  const data = history.data;
  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="post-history-title" scrollable>
      <Modal.Header closeButton>
        <Modal.Title id="post-history-title">Post history</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {history.isPending && <PageSpinner label="Loading the history…" />}
        <ErrorAlert error={history.error} />
        {data && (
          <ol className="list-unstyled mb-0" aria-label="Versions">
            {data.versions.map((v, i) => {
              const diff = data.diffs.find((d) => d.to === i);
              return (
                <li key={i} className="mb-3">
                  <h3 className="h6">
                    {i === data.versions.length - 1 ? 'Current version' : `Version ${i + 1}`} ·{' '}
                    {formatDateTime(v.date)}
                    {v.edited_by && ` · ${v.edited_by.name}`}
                  </h3>
                  {diff ? (
                    <Patch patch={diff.patch} />
                  ) : (
                    <pre className="border rounded p-2 small mb-0" style={{ whiteSpace: 'pre-wrap' }}>
                      {v.content}
                    </pre>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </Modal.Body>
    </Modal>
  );
}

// Every version of an edited post, oldest first; each later one shows what changed from the one before, word by
// word (jsdiff's diffWords, computed here from the versions): removed words struck through, added ones
// underlined, each also named for screen readers — no patch headers to read past.
import { Fragment } from 'react';
import { Modal } from 'react-bootstrap';
import { diffWords } from 'diff';
import { formatDateTime } from '../../../lib/format.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { usePostHistory } from '../api/index.ts';

const textBox = 'border rounded p-2 small mb-0 text-break';

/** `after` with what changed since `before`: <del>/<ins> around the words, the rest as it was. */
export function WordDiff({ before, after, label }: { before: string; after: string; label: string }) {
  return (
    <figure className={`${textBox} font-monospace`} style={{ whiteSpace: 'pre-wrap' }} aria-label={label}>
      {diffWords(before, after).map((part, i) =>
        part.removed ? (
          <del key={i} className="bg-danger-subtle text-danger-emphasis">
            <span className="visually-hidden">[removed: </span>
            {part.value}
            <span className="visually-hidden">]</span>
          </del>
        ) : part.added ? (
          <ins key={i} className="bg-success-subtle text-success-emphasis">
            <span className="visually-hidden">[added: </span>
            {part.value}
            <span className="visually-hidden">]</span>
          </ins>
        ) : (
          <Fragment key={i}>{part.value}</Fragment>
        ),
      )}
    </figure>
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
            {data.versions.map((v, i) => (
              <li key={i} className="mb-3">
                <h3 className="h6">
                  {i === data.versions.length - 1 ? 'Current version' : `Version ${i + 1}`} ·{' '}
                  {formatDateTime(v.date)}
                  {v.edited_by && ` · ${v.edited_by.name}`}
                </h3>
                {i === 0 ? (
                  <pre className={textBox} style={{ whiteSpace: 'pre-wrap' }}>
                    {v.content}
                  </pre>
                ) : (
                  <WordDiff
                    before={data.versions[i - 1].content}
                    after={v.content}
                    label={`Changes from version ${i}`}
                  />
                )}
              </li>
            ))}
          </ol>
        )}
      </Modal.Body>
    </Modal>
  );
}

// Asks before a post is deleted. Its own file so that react-bootstrap's Modal (and the transition code it
// brings) loads when a reader first deletes a post, not with every thread (PostItem loads it lazily).
import { Button, Modal } from 'react-bootstrap';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { POST_REMOVED_TEXT } from './PostItem.tsx';

export function DeletePostModal({
  postId,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  postId: number;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal show onHide={onCancel} aria-labelledby={`delete-post-${postId}`}>
      <Modal.Header closeButton>
        <Modal.Title id={`delete-post-${postId}`}>Delete post</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        Delete this post? A “{POST_REMOVED_TEXT}” marker stays in its place.
        <ErrorAlert error={error} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" disabled={busy} onClick={onConfirm}>
          Delete
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

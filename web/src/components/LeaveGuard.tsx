// Asks before unsaved work is lost: an in-app navigation (a link, Cancel, Back) waits for Stay or Leave;
// closing or reloading the tab gets the browser's own question (beforeunload).
import { useEffect } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useBlocker, type BlockerFunction } from 'react-router';

export function LeaveGuard(props: {
  /** Called for each in-app navigation: true holds it and asks. */
  shouldBlock: BlockerFunction;
  /** Whether closing the tab should ask too. */
  active: boolean;
  message: string;
}) {
  const blocker = useBlocker(props.shouldBlock);

  useEffect(() => {
    if (!props.active) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [props.active]);

  const blocked = blocker.state === 'blocked';
  return (
    <Modal show={blocked} onHide={() => blocker.reset?.()} centered aria-labelledby="leave-guard-title">
      <Modal.Header closeButton>
        <Modal.Title id="leave-guard-title">Leave this page?</Modal.Title>
      </Modal.Header>
      <Modal.Body>{props.message}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-danger" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
        <Button variant="primary" onClick={() => blocker.reset?.()} autoFocus>
          Stay
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

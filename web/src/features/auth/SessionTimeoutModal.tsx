// SPEC §2: 'Session Timeout', static backdrop, live countdown, 'I'm still here!'.
import { Button, Modal } from 'react-bootstrap';

export function SessionTimeoutModal(props: { show: boolean; secondsLeft: number; onStay(): void }) {
  return (
    <Modal
      show={props.show}
      backdrop="static"
      onHide={props.onStay}
      centered
      aria-labelledby="session-timeout-title"
    >
      <Modal.Header closeButton>
        <Modal.Title id="session-timeout-title">Session Timeout</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        Hey! Are you still there? Your session will be ending in {props.secondsLeft} seconds.
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={props.onStay}>
          I&apos;m still here!
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

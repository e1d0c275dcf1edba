// Shown where the user tried to pick a sixth CWE: the refusal must be visible, never silent.
import { Form } from 'react-bootstrap';
import { CWE_LIMIT_MESSAGE } from '@cvdp/core';

export function CweLimitMessage({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <Form.Text as="div" role="alert" className="text-danger">
      {CWE_LIMIT_MESSAGE}
    </Form.Text>
  );
}

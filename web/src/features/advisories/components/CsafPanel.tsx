// The advisory as a CSAF document (2.0 or 2.1): the server builds it from the latest revision and validates
// it (strict schema and mandatory tests) before serving it; a failing one is a 409 listing the failed tests,
// shown here. A valid one can be looked at and downloaded as the server sent it.
import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import type { CsafVersion } from '@cvdp/core';
import { CSAF_VERSIONS } from '@cvdp/core';
import { errorMessage, fieldErrors } from '../../../lib/api-client.ts';
import { useCsafPreview, type CsafExport } from '../api/index.ts';

function saveText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = window.document.createElement('a');
  link.href = url;
  link.download = fileName;
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function CsafPanel({ caseId }: { caseId: number }) {
  const [version, setVersion] = useState<CsafVersion>('2.0');
  const check = useCsafPreview(caseId);
  const result: CsafExport | undefined = check.data;
  const failures = Object.entries(fieldErrors(check.error));
  return (
    <section aria-labelledby="advisory-csaf-title" className="mt-4">
      <h3 id="advisory-csaf-title" className="h6">
        CSAF
      </h3>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-2">
        <Form.Group controlId="advisory-csaf-version">
          <Form.Label className="small mb-0">CSAF version</Form.Label>
          <Form.Select
            size="sm"
            value={version}
            onChange={(e) => {
              setVersion(e.target.value as CsafVersion);
              check.reset();
            }}
          >
            {CSAF_VERSIONS.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button
          size="sm"
          variant="outline-primary"
          disabled={check.isPending}
          onClick={() => check.mutate(version)}
        >
          Preview CSAF
        </Button>
        {result && (
          <Button size="sm" onClick={() => saveText(result.text, result.fileName)}>
            Download CSAF {version}
          </Button>
        )}
      </div>
      {result && (
        <>
          <Alert variant="success" className="py-2" role="status">
            Valid CSAF {version}: strict schema and {result.testsRun} mandatory tests passed.
          </Alert>
          <pre
            className="border rounded p-2 small overflow-auto"
            style={{ maxHeight: '24rem' }}
            tabIndex={0}
            aria-label={`CSAF ${version} document`}
          >
            {result.text}
          </pre>
        </>
      )}
      {check.error ? (
        <Alert variant="warning" className="py-2" role="alert">
          <div>{errorMessage(check.error)}</div>
          {failures.length > 0 && (
            <ul className="mb-0 small text-break">
              {failures.map(([test, messages]) => (
                <li key={test}>
                  <strong>{test}</strong>: {messages.join('; ')}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      ) : null}
    </section>
  );
}

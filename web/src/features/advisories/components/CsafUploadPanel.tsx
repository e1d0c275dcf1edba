// Importing a CSAF document (staff): a CSAF 2.0 or 2.1 JSON file becomes a new revision of the case's
// advisory. The server validates it first (strict schema and mandatory tests); a refused file lists the
// failed tests and nothing is stored. The upload shows its progress; an accepted file names the revision.
import { useRef, useState } from 'react';
import { Alert, Button, Form, ProgressBar } from 'react-bootstrap';
import type { AdvisoryRevision } from '@cvdp/core';
import { CSAF_UPLOAD_MAX_BYTES } from '@cvdp/core';
import { errorMessage, fieldErrors } from '../../../lib/api-client.ts';
import { formatUploadLimit } from '../../../lib/upload-limit.ts';
import { useUploadCsaf } from '../api/index.ts';

export const uploadedText = (revision: AdvisoryRevision, fileName: string) =>
  `${fileName} was imported as revision ${revision.revision}: ${revision.title}`;

export function CsafUploadPanel({ caseId }: { caseId: number }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadCsaf(caseId, setProgress);
  const failures = Object.entries(fieldErrors(upload.error));
  const tooLarge = file !== null && file.size > CSAF_UPLOAD_MAX_BYTES;

  return (
    <section aria-labelledby="advisory-csaf-upload-title" className="mt-4">
      <h3 id="advisory-csaf-upload-title" className="h6">
        Import a CSAF file
      </h3>
      <Form
        noValidate
        aria-label="Import a CSAF file"
        className="border rounded p-3 bg-body text-break"
        onSubmit={(e) => {
          e.preventDefault();
          if (file && !tooLarge)
            upload.mutate(file, {
              onSuccess: () => {
                setFile(null);
                if (input.current) input.current.value = '';
              },
              onSettled: () => setProgress(null),
            });
        }}
      >
        <Form.Group className="mb-2" controlId="advisory-csaf-file">
          <Form.Label className="small mb-0">CSAF JSON file (2.0 or 2.1)</Form.Label>
          <Form.Control
            ref={input}
            type="file"
            size="sm"
            accept=".json,application/json"
            isInvalid={tooLarge}
            aria-describedby="advisory-csaf-file-help"
            onChange={(e) => {
              setFile((e.target as HTMLInputElement).files?.[0] ?? null);
              if (!upload.isPending) upload.reset();
            }}
          />
          <Form.Text id="advisory-csaf-file-help" muted>
            It becomes a new revision of the advisory once it passes the CSAF validator. At most{' '}
            {formatUploadLimit(CSAF_UPLOAD_MAX_BYTES)}.
          </Form.Text>
          {tooLarge && (
            <div className="invalid-feedback d-block">
              This file is larger than {formatUploadLimit(CSAF_UPLOAD_MAX_BYTES)}.
            </div>
          )}
        </Form.Group>
        <Button
          type="submit"
          size="sm"
          variant="outline-primary"
          disabled={!file || tooLarge || upload.isPending}
        >
          Upload CSAF
        </Button>
      </Form>
      {upload.isPending && (
        <ProgressBar
          className="mt-2"
          now={Math.round((progress ?? 0) * 100)}
          label={progress === null ? undefined : `${Math.round(progress * 100)}%`}
          animated={progress === null}
          aria-label="Upload progress"
        />
      )}
      {upload.data && (
        <Alert variant="success" className="py-2 mt-2 text-break" role="status">
          {uploadedText(upload.data, upload.variables.name)}
        </Alert>
      )}
      {upload.error ? (
        <Alert variant="danger" className="py-2 mt-2" role="alert">
          <div>{errorMessage(upload.error)}</div>
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

// Admins upload CVE JSON 5 records (.json or .zip): the upload's progress, then the ingest job's counts polled
// until it is done, with the files the server refused and why.
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Form, ProgressBar, Table } from 'react-bootstrap';
import { z } from 'zod';
import { usePageTitle } from '../../lib/page-title.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { FieldError, SubmitButton, ZodForm, useZodForm } from '../../components/form/index.ts';
import { useField } from '../../components/form/field-state.ts';
import { useCurrentUser, userHasRole } from '../auth/index.ts';
import { useIngestJob, useUploadRecords } from './api/index.ts';
import { ScoringNav } from './components/ScoringNav.tsx';

/** The file input holds a FileList (nothing chosen yet: undefined); the upload takes its files. */
const ingestFormSchema = z.object({
  file: z
    .custom<FileList | undefined>()
    .transform((list) => [...(list ?? [])])
    .refine((files) => files.length > 0, 'Choose a file.'),
});

/** The records to upload: several .json or .zip files; the server's refusal of them shows under it. */
function FilesField() {
  const { register, error } = useField('file');
  return (
    <Form.Group controlId="ingest-files" className="mb-2" data-field="file">
      <Form.Label>CVE JSON 5 records (.json or .zip)</Form.Label>
      <Form.Control
        type="file"
        multiple
        accept=".json,.zip,application/json,application/zip"
        isInvalid={!!error}
        {...register}
      />
      <FieldError message={error} />
    </Form.Group>
  );
}

export function IngestPage() {
  usePageTitle('Ingest CVE records');
  const { user } = useCurrentUser();
  const [progress, setProgress] = useState(0);
  const form = useZodForm(ingestFormSchema, { defaultValues: { file: undefined } });
  const chosen = form.watch('file')?.length ?? 0;
  const upload = useUploadRecords();
  const jobId = upload.data?.id;
  const job = useIngestJob(jobId);
  if (!userHasRole(user, 'admin'))
    return (
      <Alert variant="warning">
        Only administrators ingest records. <Link to="/cvdp/scoring">Back to the queue</Link>
      </Alert>
    );
  const j = job.data ?? upload.data;
  return (
    <div>
      <ScoringNav />
      <h1 className="h3">Ingest CVE records</h1>
      <ZodForm
        form={form}
        error={upload.error}
        onSubmit={({ file }) => {
          setProgress(0);
          upload.mutate({ files: file, onProgress: setProgress });
        }}
      >
        <FilesField />
        <SubmitButton pending={upload.isPending} disabled={chosen === 0}>
          Upload
        </SubmitButton>
      </ZodForm>
      {upload.isPending && (
        <ProgressBar
          className="mt-3"
          now={Math.round(progress * 100)}
          label={`${Math.round(progress * 100)}%`}
          aria-label="Upload progress"
        />
      )}
      <ErrorAlert error={job.error} />
      {j && (
        <section aria-labelledby="job-title" className="mt-4">
          <h2 id="job-title" className="h5">
            Ingest #{j.id}: {j.status}
          </h2>
          <p className="small" aria-live="polite">
            Files read {j.files_read} · new {j.new} · updated {j.updated} · unchanged {j.unchanged} · refused{' '}
            {j.rejected}
          </p>
          {j.error && <Alert variant="danger">{j.error}</Alert>}
          {j.rejects.length > 0 && (
            <div className="table-responsive">
              <Table size="sm" aria-label="Refused files">
                <thead>
                  <tr>
                    <th scope="col">File</th>
                    <th scope="col">Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {j.rejects.map((r, i) => (
                    <tr key={i}>
                      <td className="text-break">{r.file}</td>
                      <td className="text-break">{r.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

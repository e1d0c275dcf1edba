// Admins upload CVE JSON 5 records (.json or .zip): the upload's progress, then the ingest job's counts polled
// until it is done, with the files the server refused and why.
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Form, ProgressBar, Table } from 'react-bootstrap';
import { useMutation, useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../lib/page-title.ts';
import { fieldErrors } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { FieldError } from '../../components/form/index.ts';
import { useCurrentUser, userHasRole } from '../auth/index.ts';
import { fetchIngestJob, uploadRecords } from './api.ts';
import { ScoringNav } from './components/ScoringNav.tsx';

export function IngestPage() {
  usePageTitle('Ingest CVE records');
  const { user } = useCurrentUser();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const upload = useMutation({ mutationFn: () => uploadRecords(files, setProgress) });
  const jobId = upload.data?.id;
  const job = useQuery({
    queryKey: [...queryKeys.scoring.all, 'ingest', jobId ?? 0],
    queryFn: () => fetchIngestJob(jobId!),
    enabled: jobId !== undefined,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false),
  });
  if (!userHasRole(user, 'admin'))
    return (
      <Alert variant="warning">
        Only administrators ingest records. <Link to="/cvdp/scoring">Back to the queue</Link>
      </Alert>
    );
  const fileError = upload.error ? fieldErrors(upload.error).file?.[0] : undefined;
  const j = job.data ?? upload.data;
  return (
    <div>
      <ScoringNav />
      <h1 className="h3">Ingest CVE records</h1>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setProgress(0);
          upload.mutate();
        }}
      >
        <Form.Group controlId="ingest-files" className="mb-2">
          <Form.Label>CVE JSON 5 records (.json or .zip)</Form.Label>
          <Form.Control
            type="file"
            multiple
            accept=".json,.zip,application/json,application/zip"
            isInvalid={!!fileError}
            onChange={(e) => setFiles([...((e.target as HTMLInputElement).files ?? [])])}
          />
          <FieldError message={fileError} />
        </Form.Group>
        {upload.error && !fileError ? <ErrorAlert error={upload.error} /> : null}
        <Button type="submit" disabled={files.length === 0 || upload.isPending}>
          Upload
        </Button>
      </Form>
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

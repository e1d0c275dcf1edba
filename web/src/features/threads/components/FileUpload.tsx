// A file picker that uploads at once and shows a progress bar; the limit from the page config is stated
// beside it (the server refuses larger files with a 413).
import { useId, useRef, useState } from 'react';
import { Form } from 'react-bootstrap';
import type { ArtifactSummary } from '@cvdp/core';
import { appConfig } from '../../../lib/config.ts';
import { formatUploadLimit } from '../../../lib/upload-limit.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import type { OnProgress } from '../api/index.ts';

export function FileUpload({
  label,
  upload,
  onUploaded,
}: {
  label: string;
  upload: (file: File, onProgress: OnProgress) => Promise<ArtifactSummary>;
  /** After the upload (the upload hook has already refreshed what the file changes). */
  onUploaded?: (artifact: ArtifactSummary) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const busy = progress !== undefined;

  const start = async (file: File) => {
    setError(null);
    setProgress(0);
    try {
      const artifact = await upload(file, setProgress);
      onUploaded?.(artifact);
    } catch (e) {
      setError(e);
    } finally {
      setProgress(undefined);
      if (input.current) input.current.value = '';
    }
  };

  const percent = progress == null ? 100 : Math.round(progress * 100);
  return (
    <div className="mb-2">
      <Form.Group controlId={id}>
        <Form.Label className="small mb-1">{label}</Form.Label>
        <Form.Control
          ref={input}
          type="file"
          size="sm"
          disabled={busy}
          onChange={(e) => {
            const file = (e.target as HTMLInputElement).files?.[0];
            if (file) void start(file);
          }}
        />
        <Form.Text>The file can be at most {formatUploadLimit(appConfig.maxUploadBytes)}.</Form.Text>
      </Form.Group>
      {busy && (
        <div className="progress mt-1">
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
            className={`progress-bar${progress == null ? ' progress-bar-striped progress-bar-animated' : ''}`}
            style={{ width: `${percent}%` }}
          >
            {percent}%
          </div>
        </div>
      )}
      <ErrorAlert error={error} />
    </div>
  );
}

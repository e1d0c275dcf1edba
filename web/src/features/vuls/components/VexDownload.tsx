// Download one vulnerability's CSAF VEX document. The server builds it from the vendor status grid; when
// there is nothing to build it from it answers 409 with the reason, which is shown beside the button.
import { Alert, Button } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api-client.ts';
import { useVexDownload } from '../api/index.ts';

/** A file name from the label: VU#12.3 → VU-12.3-vex.json. */
export const vexFileName = (label: string) => `${label.replace(/[^A-Za-z0-9.]+/g, '-')}-vex.json`;

function saveJson(document: unknown, fileName: string) {
  const blob = new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = fileName;
  window.document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next turn; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function VexDownload({ vulId, label }: { vulId: number; label: string }) {
  const download = useVexDownload(vulId);
  return (
    <div>
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={download.isPending}
        onClick={() =>
          download.mutate(undefined, { onSuccess: (document) => saveJson(document, vexFileName(label)) })
        }
        aria-label={`Download VEX of ${label}`}
      >
        Download VEX
      </Button>
      {download.error ? (
        <Alert variant="warning" className="mt-2 mb-0 py-2 small" role="alert">
          No VEX for {label}: {errorMessage(download.error)}
        </Alert>
      ) : null}
    </div>
  );
}

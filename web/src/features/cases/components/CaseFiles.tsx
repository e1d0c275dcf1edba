// The case's files the user may see, each with a download link (served as an attachment).
import { Table } from 'react-bootstrap';
import { formatDate, formatSize } from '../../../lib/format.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../../components/NoDataRow.tsx';
import { artifactDownloadHref, useCaseArtifacts } from '../../../lib/case-artifacts.ts';

export function CaseFiles({ caseId }: { caseId: number }) {
  const files = useCaseArtifacts(caseId);
  return (
    <section className="mt-4" aria-labelledby="case-files-title">
      <h2 id="case-files-title" className="h5">
        Files
      </h2>
      <ErrorAlert error={files.error} />
      <Table size="sm" responsive>
        <thead>
          <tr>
            <th>File</th>
            <th>Size</th>
            <th>Uploaded</th>
            <th>By</th>
          </tr>
        </thead>
        <tbody>
          {files.data?.results.length === 0 && <NoDataRow colSpan={4} />}
          {files.data?.results.map((a) => (
            <tr key={a.uuid}>
              <td>
                <a href={artifactDownloadHref(a)} download={a.file_name}>
                  {a.file_name}
                </a>
                {a.source === 'report' && (
                  <span className="text-body-secondary small"> (proof of concept)</span>
                )}
              </td>
              <td>{formatSize(a.size)}</td>
              <td>{formatDate(a.created)}</td>
              <td>{a.uploaded_by?.name ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

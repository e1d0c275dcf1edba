// The case's files: name (a download link), size, uploader, shared state, the thread it came from; staff share
// and unshare; staff and the uploader delete (after a confirmation); anyone in the case uploads.
import { useState } from 'react';
import { Button, Modal, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import type { ArtifactSummary } from '@cvdp/core';
import { formatDate, formatSize } from '../../../lib/format.ts';
import { ContrastBadge } from '../../../components/ContrastBadge.tsx';
import { toast } from '../../../lib/toast.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../../components/NoDataRow.tsx';
import { useCaseStaff } from '../../../lib/case-caller-metadata.ts';
import { artifactDownloadHref, useCaseArtifacts } from '../../../lib/case-artifacts.ts';
import { useCurrentUser } from '../../auth/index.ts';
import { useDeleteArtifact, useShareArtifact, useUploadArtifact } from '../api/index.ts';
import { FileUpload } from './FileUpload.tsx';

export function ArtifactsTab({ caseId }: { caseId: number }) {
  const staff = useCaseStaff(caseId);
  const { user } = useCurrentUser();
  const files = useCaseArtifacts(caseId);
  const [removing, setRemoving] = useState<ArtifactSummary | null>(null);
  const upload = useUploadArtifact(caseId);
  const share = useShareArtifact(caseId);
  const remove = useDeleteArtifact(caseId);

  const rows = files.data?.results ?? [];
  return (
    <section aria-labelledby="case-artifacts-title">
      <h2 id="case-artifacts-title" className="h5">
        Artifacts
      </h2>
      <FileUpload
        label="Upload a file"
        upload={(file, onProgress) => upload.mutateAsync({ file, onProgress })}
      />
      <ErrorAlert error={files.error ?? share.error} />
      {/* position-relative: the header's visually hidden "Actions" (position: absolute) then belongs to the table inside
          its scrolling wrapper, instead of widening the whole page at 390 px. */}
      <Table size="sm" responsive className="align-middle position-relative">
        <thead>
          <tr>
            <th>File</th>
            <th>Size</th>
            <th>Uploaded</th>
            <th>By</th>
            <th>Shared</th>
            <th>Thread</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {files.data && rows.length === 0 && <NoDataRow colSpan={7} />}
          {rows.map((a) => {
            const mayDelete = staff || (!!user && a.uploaded_by?.id === user.id);
            return (
              <tr key={a.uuid}>
                <td className="text-break">
                  <a href={artifactDownloadHref(a)} download={a.file_name}>
                    {a.file_name}
                  </a>
                  {a.source === 'report' && (
                    <span className="text-body-secondary small"> (proof of concept)</span>
                  )}
                </td>
                <td className="text-nowrap">{formatSize(a.size)}</td>
                <td className="text-nowrap">{formatDate(a.created)}</td>
                <td>{a.uploaded_by?.name ?? ''}</td>
                <td>
                  {a.shared ? (
                    <ContrastBadge bg="success">Shared</ContrastBadge>
                  ) : (
                    <ContrastBadge bg="secondary">Not shared</ContrastBadge>
                  )}
                </td>
                <td>
                  {a.thread != null && (
                    <Link to={`/cvdp/cases/${caseId}/threads?thread=${a.thread}`}>Thread #{a.thread}</Link>
                  )}
                </td>
                <td className="text-nowrap text-end">
                  {staff && (
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="me-1"
                      disabled={share.isPending}
                      onClick={() =>
                        share.mutate(
                          { uuid: a.uuid, share: !a.shared },
                          {
                            onSuccess: (_r, v) =>
                              toast(`${a.file_name} ${v.share ? 'shared' : 'no longer shared'}.`),
                          },
                        )
                      }
                      aria-label={`${a.shared ? 'Unshare' : 'Share'} ${a.file_name}`}
                    >
                      {a.shared ? 'Unshare' : 'Share'}
                    </Button>
                  )}
                  {mayDelete && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => {
                        remove.reset();
                        setRemoving(a);
                      }}
                      aria-label={`Delete ${a.file_name}`}
                    >
                      Delete
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {removing && (
        <Modal show onHide={() => setRemoving(null)} aria-labelledby="delete-artifact-title">
          <Modal.Header closeButton>
            <Modal.Title id="delete-artifact-title">Delete file</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            Delete {removing.file_name}? The stored file is removed for everyone.
            <ErrorAlert error={remove.error} />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate(removing.uuid, { onSuccess: () => setRemoving(null) })}
            >
              Delete
            </Button>
          </Modal.Footer>
        </Modal>
      )}
    </section>
  );
}

// One vulnerability: what it is (description, CWEs with their names, CVE, references, tags, the values of
// the catalogue's custom attributes it has any for), how bad (CVSS by version, SSVC) and its VEX. Staff
// edit and delete it; everyone else reads.
import { Fragment, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { isNotFound } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { useCaseStaff } from '../../../lib/case-caller-metadata.ts';
import { useDeleteVul, useVuls } from '../api/index.ts';
import { CvssScoreBadges } from './badges.tsx';
import { CveRecordPanel } from './CveRecordPanel.tsx';
import { CvssSection } from './CvssSection.tsx';
import { SsvcSection } from './SsvcSection.tsx';
import { VexDownload } from './VexDownload.tsx';
import { VulFormModal } from './VulFormModal.tsx';

export function VulDetail({ caseId, vulId, onBack }: { caseId: number; vulId: number; onBack: () => void }) {
  const staff = useCaseStaff(caseId);
  // The case's list holds every vulnerability: one call for the list and the detail, refreshed together.
  const vuls = useVuls(caseId);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteVul({ id: vulId, case: caseId });
  const back = (
    <Button variant="link" className="px-0" onClick={onBack}>
      ← All vulnerabilities
    </Button>
  );

  if (vuls.isPending) return <PageSpinner label="Loading the vulnerability…" />;
  if (vuls.error && !isNotFound(vuls.error))
    return (
      <>
        {back}
        <ErrorAlert error={vuls.error} />
      </>
    );
  const vul = vuls.data?.find((v) => v.id === vulId);
  if (!vul)
    return (
      <section aria-labelledby="vul-missing-title">
        {back}
        <h2 id="vul-missing-title" className="h5">
          Vulnerability not found
        </h2>
        <p className="text-body-secondary">This case has no such vulnerability.</p>
      </section>
    );

  return (
    <article aria-labelledby={`vul-${vul.id}-title`}>
      {back}
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <h2 id={`vul-${vul.id}-title`} className="h5 mb-0 me-auto text-break">
          {vul.label}
          {vul.title && `: ${vul.title}`}
        </h2>
        {staff && (
          <>
            {/* Named by the vulnerability: the page has other Edit buttons (its sections'). */}
            <Button
              size="sm"
              variant="outline-primary"
              aria-label={`Edit vulnerability ${vul.label}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="outline-danger"
              aria-label={`Delete vulnerability ${vul.label}`}
              onClick={() => setConfirmDelete(true)}
            >
              Delete
            </Button>
          </>
        )}
      </div>
      <div className="d-flex flex-wrap gap-1 mb-2">
        <CvssScoreBadges scores={vul.cvss_scores} />
      </div>
      <p className="text-body-secondary small">
        Created {formatDate(vul.created)}
        {vul.created_by && ` by ${vul.created_by.name}`}
        {vul.modified !== vul.created && ` · changed ${formatDate(vul.modified)}`}
      </p>
      <dl className="row">
        <dt className="col-sm-3">Description</dt>
        <dd className="col-sm-9 text-break" style={{ whiteSpace: 'pre-wrap' }}>
          {vul.description}
        </dd>
        <dt className="col-sm-3">CVE</dt>
        <dd className="col-sm-9">{vul.cve ?? <span className="text-body-secondary">None</span>}</dd>
        <dt className="col-sm-3">CWEs</dt>
        <dd className="col-sm-9">
          {vul.cwes.length === 0 ? (
            <span className="text-body-secondary">None</span>
          ) : (
            <ul className="list-unstyled mb-0">
              {vul.cwes.map((c) => (
                <li key={c}>
                  <span className="fw-semibold">{c}</span>
                  {vul.cwe_names[c] && `: ${vul.cwe_names[c]}`}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt className="col-sm-3">References</dt>
        <dd className="col-sm-9">
          {vul.references.length === 0 ? (
            <span className="text-body-secondary">None</span>
          ) : (
            <ul className="list-unstyled mb-0">
              {vul.references.map((r) => (
                <li key={r} className="text-break">
                  <a href={r} target="_blank" rel="noopener noreferrer">
                    {r}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt className="col-sm-3">Tags</dt>
        <dd className="col-sm-9">
          {vul.tags.length === 0 ? <span className="text-body-secondary">None</span> : vul.tags.join(', ')}
        </dd>
        {Object.entries(vul.attributes).map(([id, value]) => (
          <Fragment key={id}>
            <dt className="col-sm-3 text-break">{vul.attribute_names[id] ?? `Attribute ${id}`}</dt>
            <dd className="col-sm-9 text-break" data-attribute={id}>
              {String(value)}
            </dd>
          </Fragment>
        ))}
        <dt className="col-sm-3">VEX</dt>
        <dd className="col-sm-9">
          <VexDownload vulId={vul.id} label={vul.label} />
        </dd>
      </dl>
      <CvssSection vul={vul} staff={staff} />
      <SsvcSection vul={vul} staff={staff} />
      {staff && <CveRecordPanel caseId={caseId} vulId={vul.id} label={vul.label} />}
      {editing && <VulFormModal caseId={caseId} vul={vul} onClose={() => setEditing(false)} />}
      {confirmDelete && (
        <Modal show onHide={() => setConfirmDelete(false)} aria-labelledby="delete-vul-title">
          <Modal.Header closeButton>
            <Modal.Title id="delete-vul-title">Delete vulnerability</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            Delete {vul.label}? Its scores, SSVC history and vendor statuses go with it.
            <ErrorAlert error={remove.error} />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    setConfirmDelete(false);
                    onBack();
                  },
                })
              }
            >
              Delete
            </Button>
          </Modal.Footer>
        </Modal>
      )}
    </article>
  );
}

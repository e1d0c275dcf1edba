// The case's Vulnerabilities tab: the list (label, title, CVE, CWE badges, a CVSS badge per version and the
// SSVC outcome) with the vendor status grid below it, or one vulnerability (?vul=ID in the address, so a link
// or a reload lands on it). Staff create vulnerabilities — one by one or from the report's answers — and
// score them; everyone else reads, and vendors set their own row of the grid.
import { useState } from 'react';
import { Alert, Button, ListGroup } from 'react-bootstrap';
import type { Vulnerability, VulsFromReport } from '@cvdp/core';
import { parseRouteId } from '../../../lib/route-id.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { useCaseStaff } from '../../../lib/case-caller-metadata.ts';
import { useCreateVulsFromReport, useVuls } from '../api/index.ts';
import { CvssScoreBadges, CweBadges } from './badges.tsx';
import { SsvcBadge } from './SsvcSection.tsx';
import { VendorStatusGrid } from './VendorStatusGrid.tsx';
import { VexDownload } from './VexDownload.tsx';
import { VulDetail } from './VulDetail.tsx';
import { VulFormModal } from './VulFormModal.tsx';
import { assign, useLatestSearchParams } from '../../../lib/search-params.ts';

export const NO_VULS_TEXT = 'No vulnerabilities yet.';

const fromReportText = (r: VulsFromReport) => {
  const made = r.created.length;
  const created =
    made === 0
      ? 'No vulnerability was created'
      : `${made} ${made === 1 ? 'vulnerability' : 'vulnerabilities'} created`;
  return r.skipped > 0
    ? `${created}; ${r.skipped} already created from the report.`
    : `${created} from the report.`;
};

export function VulnerabilitiesTab({ caseId }: { caseId: number }) {
  const [params, update] = useLatestSearchParams();
  const vulId = parseRouteId(params.get('vul') ?? undefined);
  const open = (id: number | null) =>
    update(assign({ vul: id === null ? null : String(id) }), { preventScrollReset: true });
  return vulId !== null ? (
    <VulDetail caseId={caseId} vulId={vulId} onBack={() => open(null)} />
  ) : (
    <VulList caseId={caseId} onOpen={open} />
  );
}

function VulItem({ vul, onOpen }: { vul: Vulnerability; onOpen: (id: number) => void }) {
  return (
    <ListGroup.Item
      as="li"
      className="d-flex flex-wrap gap-2 align-items-start"
      aria-labelledby={`vul-${vul.id}-name`}
    >
      <div className="flex-grow-1" style={{ minWidth: 0 }}>
        <div id={`vul-${vul.id}-name`} className="text-break">
          <Button
            variant="link"
            className="p-0 text-start fw-semibold align-baseline"
            onClick={() => onOpen(vul.id)}
          >
            {vul.label}
          </Button>{' '}
          {vul.title || <span className="text-body-secondary">{vul.description.slice(0, 120)}</span>}
        </div>
        <div className="d-flex flex-wrap gap-1 mt-1 align-items-center">
          {vul.cve ? (
            <span className="small font-monospace me-1">{vul.cve}</span>
          ) : (
            <span className="small text-body-secondary me-1">No CVE</span>
          )}
          <CweBadges cwes={vul.cwes} names={vul.cwe_names} />
          <CvssScoreBadges scores={vul.cvss_scores} />
          {vul.ssvc && <SsvcBadge decision={vul.ssvc} />}
        </div>
      </div>
      <VexDownload vulId={vul.id} label={vul.label} />
    </ListGroup.Item>
  );
}

function VulList({ caseId, onOpen }: { caseId: number; onOpen: (id: number) => void }) {
  const staff = useCaseStaff(caseId);
  const [creating, setCreating] = useState(false);
  const vuls = useVuls(caseId);
  const fromReport = useCreateVulsFromReport(caseId);
  const rows = vuls.data ?? [];

  return (
    <section aria-labelledby="case-vulnerabilities-title">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <h2 id="case-vulnerabilities-title" className="h5 mb-0 me-auto">
          Vulnerabilities
        </h2>
        {staff && (
          <>
            <Button
              size="sm"
              variant="outline-primary"
              disabled={fromReport.isPending}
              onClick={() => fromReport.mutate()}
            >
              Create from report
            </Button>
            <Button size="sm" onClick={() => setCreating(true)}>
              New vulnerability
            </Button>
          </>
        )}
      </div>
      <ErrorAlert error={vuls.error ?? fromReport.error} />
      {fromReport.data && (
        <Alert variant="success" dismissible onClose={() => fromReport.reset()}>
          {fromReportText(fromReport.data)}
        </Alert>
      )}
      {vuls.isPending && <PageSpinner label="Loading the vulnerabilities…" />}
      {vuls.data && rows.length === 0 && (
        <p className="text-body-secondary">
          {NO_VULS_TEXT}
          {staff && ' Create them from the report, or add one with New vulnerability.'}
        </p>
      )}
      {rows.length > 0 && (
        <ListGroup as="ul" aria-label="Vulnerabilities of the case">
          {rows.map((v) => (
            <VulItem key={v.id} vul={v} onOpen={onOpen} />
          ))}
        </ListGroup>
      )}
      <VendorStatusGrid caseId={caseId} />
      {creating && (
        <VulFormModal caseId={caseId} onClose={() => setCreating(false)} onSaved={(v) => onOpen(v.id)} />
      )}
    </section>
  );
}

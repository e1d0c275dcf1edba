// One vulnerability to score (base 2): the lock banner, the CVE record with every value by source, our score
// (SSVC, CVSS 4.0/3.1, CWEs), the written analysis, and the changes and activity.
import { useParams } from 'react-router';
import { Link } from 'react-router';
import { Col, Row } from 'react-bootstrap';
import { usePageTitle } from '../../lib/page-title.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { ContrastBadge } from '../../components/ContrastBadge.tsx';
import { useCurrentUser, userHasRole } from '../auth/index.ts';
import { useCreateCaseFromVul, useVul } from './api/index.ts';
import { LockBanner } from './components/LockBanner.tsx';
import { RecordSection } from './components/RecordSection.tsx';
import { ScoreSection } from './components/ScoreSection.tsx';
import { AnalysisSection } from './components/AnalysisSection.tsx';
import { ActivityList, ChangesList } from './components/HistorySection.tsx';
import { CreateCaseSection } from './components/CreateCaseSection.tsx';

export function VulPage() {
  const id = (useParams().id ?? '').toUpperCase();
  const { user } = useCurrentUser();
  const vul = useVul(id);
  const createCase = useCreateCaseFromVul(id);
  usePageTitle(vul.data ? vul.data.cve_id : 'Vulnerability');
  if (vul.error)
    return (
      <div>
        <p>
          <Link to="/cvdp/scoring">Back to the queue</Link>
        </p>
        <ErrorAlert error={vul.error} />
      </div>
    );
  if (!vul.data || !user) return <PageSpinner />;
  const v = vul.data;
  const canEdit = v.locked?.user.id === user.id;
  return (
    <div>
      <p className="small mb-1">
        <Link to="/cvdp/scoring">Scoring queue</Link>
      </p>
      <h1 className="h3 text-break">
        {v.cve_id} {v.kev && <ContrastBadge bg="danger">KEV</ContrastBadge>}
      </h1>
      {v.title && <p className="lead text-break">{v.title}</p>}
      <p className="small">
        Status <span className="text-capitalize fw-semibold">{v.status}</span> · Assigned{' '}
        {v.assigned?.name ?? 'to nobody'} · Priority {v.priority}
        {v.reassess_reason ? ` · Reassess: ${v.reassess_reason}` : ''}
      </p>
      <LockBanner vul={v} userId={user.id} isAdmin={userHasRole(user, 'admin')} />
      <Row>
        <Col lg={6}>
          <RecordSection vul={v} />
          <CreateCaseSection
            idPrefix="vul"
            what="its CVE id, description, CWEs and references"
            mutation={createCase}
          />
        </Col>
        <Col lg={6}>
          <ScoreSection vul={v} canEdit={canEdit} />
          <AnalysisSection cveId={v.cve_id} canEdit={canEdit} />
        </Col>
      </Row>
      <Row>
        <Col lg={6}>
          <ChangesList cveId={v.cve_id} />
        </Col>
        <Col lg={6}>
          <ActivityList cveId={v.cve_id} />
        </Col>
      </Row>
    </div>
  );
}

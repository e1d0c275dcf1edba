// /cvdp/reports/: the signed-in user's reports, newest first, each leading to its case; after a submit, which
// case the new report became.
import { useState } from 'react';
import { Alert, Table } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { ContrastBadge } from '../../components/ContrastBadge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { Pager } from '../../components/Pager.tsx';
import { caseStatus } from '../cases/index.ts';
import { MY_REPORTS_PAGE_SIZE, useMyReports } from './api/index.ts';
import { NEW_REPORT_PATH, casePath, heldNoticeOf, receivedCaseOf } from './paths.ts';

export function MyReportsPage() {
  const [page, setPage] = useState(1);
  const state: unknown = useLocation().state;
  const receivedCase = receivedCaseOf(state);
  const heldNotice = heldNoticeOf(state);
  usePageTitle('My reports');
  const list = useMyReports(page);
  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-3">
        <h1 className="h3 mb-0">My reports</h1>
        <Link className="btn btn-primary" to={NEW_REPORT_PATH}>
          Report a vulnerability
        </Link>
      </div>
      {receivedCase && (
        <Alert variant="success" role="status">
          Received as case <Link to={casePath(receivedCase)}>#{receivedCase}</Link>.{' '}
          {heldNotice ?? 'Thank you: a coordinator will look at it.'}
        </Alert>
      )}
      <ErrorAlert error={list.error} prefix="An error occurred: " />
      {list.isPending ? (
        <PageSpinner />
      ) : (
        <Table striped hover responsive>
          <thead>
            <tr>
              <th>Title</th>
              <th>Case</th>
              <th>Status</th>
              <th>Submitted</th>
              <th>Updated</th>
            </tr>
          </thead>
          <tbody>
            {list.data?.results.length === 0 && <NoDataRow colSpan={5} />}
            {list.data?.results.map((r) => {
              const status = caseStatus(r.status);
              return (
                <tr key={r.id}>
                  <td>
                    <Link to={casePath(r.case)}>{r.title}</Link>
                  </td>
                  <td>#{r.case}</td>
                  <td>
                    <ContrastBadge bg={status.variant}>{status.label}</ContrastBadge>
                  </td>
                  <td>{formatDate(r.created)}</td>
                  <td>{formatDate(r.updated)}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {list.data && (
        <Pager page={page} pageSize={MY_REPORTS_PAGE_SIZE} count={list.data.count} onPage={setPage} />
      )}
    </>
  );
}

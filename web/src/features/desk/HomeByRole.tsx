// The home page by role (issue 9): a coordinator (or admin) lands on their desk; a scorer on the scoring
// queue, their work (issue 24; SPEC names no landing page); someone who takes part in cases (a vendor: they
// or their groups hold a role other than reporter in a case they see) on their open cases; a reporter on
// their reports.
import { Suspense, type ReactNode } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { Link, Navigate } from 'react-router';
import type { CaseListRow, CurrentUser } from '@cvdp/core';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { countFigure } from '../../components/Pager.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { userHasRole } from '../auth/index.ts';
import { ActionNeeded, UnreadCount, UnreadLink } from '../notifications/index.ts';
import { useCases, useTriage } from './api/index.ts';
import { CaseTable } from './components/CaseTable.tsx';
import { EndingEmbargoes } from './components/EndingEmbargoes.tsx';
import { ALL_CASES_PATH, MY_CASES_PATH, TRIAGE_PATH } from './paths.ts';

const HOME_ROWS = 10;
/** How many open cases the participant's home reads to find those waiting for them (the list's most). */
const OPEN_CASES_READ = 100;
const OPEN = [0, 1];
export const MY_REPORTS_PATH = '/cvdp/reports/';
const SCORING_QUEUE_PATH = '/cvdp/scoring';
const NOTIFICATIONS_PATH = '/cvdp/notifications';

function Figure(props: { label: string; value: ReactNode; to: string; action: string }) {
  return (
    <Card className="h-100">
      <Card.Body>
        <Card.Title as="h2" className="h6 text-body-secondary">
          {props.label}
        </Card.Title>
        <p className="display-6 mb-1">{props.value ?? '…'}</p>
        <Link to={props.to}>{props.action}</Link>
      </Card.Body>
    </Card>
  );
}

/** A coordinator's desk: the triage count, unread notifications, embargoes ending soon, their open cases. */
export function CoordinatorDesk({ user }: { user: CurrentUser }) {
  usePageTitle('Desk');
  const triage = useTriage({ page: 1, pageSize: 1 });
  const params = { owned: true, status: OPEN, page: 1, pageSize: HOME_ROWS, ordering: '-updated' };
  const mine = useCases(params);
  return (
    <>
      <h1 className="h3 mb-3">Desk of {user.name}</h1>
      <ErrorAlert error={triage.error ?? mine.error} prefix="An error occurred: " />
      <Row xs={1} sm={3} className="g-3 mb-4">
        <Col>
          <Figure
            label="Waiting for triage"
            value={triage.data && countFigure(triage.data.count, triage.data.count_capped)}
            to={TRIAGE_PATH}
            action="Open triage"
          />
        </Col>
        <Col>
          <Figure
            label="Unread notifications"
            value={
              <Suspense fallback="…">
                <UnreadCount />
              </Suspense>
            }
            to={`${NOTIFICATIONS_PATH}?unread=1`}
            action="Read them"
          />
        </Col>
        <Col>
          <Figure
            label="My open cases"
            value={mine.data && countFigure(mine.data.count, mine.data.count_capped)}
            to={MY_CASES_PATH}
            action="All my cases"
          />
        </Col>
      </Row>
      <Suspense fallback={null}>
        <ActionNeeded />
      </Suspense>
      <EndingEmbargoes />
      <h2 className="h5">My cases, latest changed first</h2>
      {mine.isPending ? (
        <PageSpinner />
      ) : (
        <CaseTable rows={mine.data?.results} ordering={null} caption="My cases" />
      )}
    </>
  );
}

/**
 * Their open cases waiting for their vendor status first (then latest changed), the first HOME_ROWS: a
 * vendor's open cases are few, so one page of the most the list gives holds them all.
 */
const waitingFirst = (rows: CaseListRow[]) =>
  [...rows].sort((a, b) => Number(b.awaiting_my_status) - Number(a.awaiting_my_status)).slice(0, HOME_ROWS);

/** Someone taking part in cases: their open cases, those waiting for their status first and marked. */
export function ParticipantHome({ user }: { user: CurrentUser }) {
  usePageTitle('My cases');
  const params = { status: OPEN, page: 1, pageSize: OPEN_CASES_READ, ordering: '-updated' };
  const cases = useCases(params);
  const waiting = cases.data?.results.filter((c) => c.awaiting_my_status).length ?? 0;
  return (
    <>
      <h1 className="h3 mb-3">Welcome, {user.name}</h1>
      <ErrorAlert error={cases.error} prefix="An error occurred: " />
      <Suspense fallback={null}>
        <ActionNeeded />
      </Suspense>
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
        <h2 className="h5">Your open cases</h2>
        <span>
          <Suspense fallback={null}>
            <UnreadLink className="me-3" />
          </Suspense>
          <Link to={ALL_CASES_PATH}>All your cases</Link>
        </span>
      </div>
      {cases.isPending ? (
        <PageSpinner />
      ) : (
        <>
          {waiting > 0 && (
            <p>{waiting === 1 ? '1 case is' : `${waiting} cases are`} waiting for your status.</p>
          )}
          <CaseTable
            rows={cases.data && waitingFirst(cases.data.results)}
            ordering={null}
            caption="Your open cases"
            markAwaiting
          />
        </>
      )}
      <p>
        <Link to={MY_REPORTS_PATH}>My reports</Link>
      </p>
    </>
  );
}

/** Does this user (or one of their groups) take part in cases beyond their own reports? */
const takesPart = (roles: (string | null)[]) => roles.some((r) => r !== null && r !== 'reporter');

export function HomeByRole({ user }: { user: CurrentUser }) {
  const staff = userHasRole(user, 'coordinator', 'admin');
  const scorer = !staff && userHasRole(user, 'scorer');
  const params = { page: 1, pageSize: HOME_ROWS, ordering: '-updated' };
  const visible = useCases(params, !staff && !scorer);
  if (staff) return <CoordinatorDesk user={user} />;
  if (scorer) return <Navigate to={SCORING_QUEUE_PATH} replace />;
  if (visible.isPending) return <PageSpinner />;
  if (visible.error) return <ErrorAlert error={visible.error} prefix="An error occurred: " />;
  if (takesPart(visible.data.results.map((c) => c.role))) return <ParticipantHome user={user} />;
  return <Navigate to={MY_REPORTS_PATH} replace />;
}

// /cvdp/dashboard (staff): the programme's figures over a date range (default the last 30 days), kept in the
// URL (?start=yyyy-MM-dd&end=yyyy-MM-dd), then the triage desk's last 12 weeks (its own call, any range).
// The charts load on their own (chart.js comes with them only).
import { Suspense, lazy, useEffect } from 'react';
import { Card, Col, Row } from 'react-bootstrap';
import { type DurationStats, metricsQuery } from '@cvdp/core';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { SubmitButton, TextField, ZodForm, useZodForm } from '../../components/form/index.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useMetrics } from './api/index.ts';
import { formatHours, rangeFrom } from './range.ts';
import { WeeklyTriage } from './WeeklyTriage.tsx';
import { assign, useLatestSearchParams } from '../../lib/search-params.ts';

const MetricsCharts = lazy(() => import('./MetricsCharts.tsx').then((m) => ({ default: m.MetricsCharts })));

function Total({ label, value }: { label: string; value: number }) {
  return (
    <Card className="h-100">
      <Card.Body>
        <Card.Title as="h2" className="h6 text-body-secondary">
          {label}
        </Card.Title>
        <p className="display-6 mb-0">{value}</p>
      </Card.Body>
    </Card>
  );
}

function Duration({ label, stats }: { label: string; stats: DurationStats }) {
  return (
    <Card className="h-100">
      <Card.Body>
        <Card.Title as="h2" className="h6 text-body-secondary">
          {label}
        </Card.Title>
        <p className="h4 mb-1">median {formatHours(stats.median_hours)}</p>
        <p className="small text-body-secondary mb-0">
          mean {formatHours(stats.mean_hours)} · {stats.count === 1 ? '1 case' : `${stats.count} cases`}
        </p>
      </Card.Body>
    </Card>
  );
}

export function DashboardPage() {
  usePageTitle('Dashboard');
  const [params, update] = useLatestSearchParams();
  const range = rangeFrom(params);
  // The range is checked by the schema the server applies before it goes to the URL.
  const form = useZodForm(metricsQuery, { defaultValues: range });
  // Back/forward changes the URL's range: the fields follow.
  useEffect(() => form.reset({ start: range.start, end: range.end }), [form, range.start, range.end]);
  const metrics = useMetrics(range);

  function apply(checked: { start: string; end: string }) {
    update(assign({ start: checked.start, end: checked.end }));
  }

  const m = metrics.data;
  return (
    <>
      <h1 className="h3 mb-3">Dashboard</h1>
      <ZodForm form={form} className="mb-4" onSubmit={apply} label="Date range">
        <Row className="g-2 align-items-start">
          <Col xs={6} md="auto">
            <TextField id="metrics-start" name="start" label="From" type="date" className="" />
          </Col>
          <Col xs={6} md="auto">
            <TextField id="metrics-end" name="end" label="To" type="date" className="" />
          </Col>
          <Col xs={12} md="auto" className="align-self-md-end">
            <SubmitButton>Show</SubmitButton>
          </Col>
        </Row>
      </ZodForm>
      <ErrorAlert error={metrics.error} prefix="An error occurred: " />
      {metrics.isPending && <PageSpinner />}
      {m && (
        <>
          <p className="text-body-secondary">
            From {m.start} to {m.end}
            {m.user ? `, cases of ${m.user.name}` : ''}.
          </p>
          <Row xs={1} sm={3} lg={5} className="g-3 mb-4">
            <Col>
              <Total label="Opened" value={m.totals.opened} />
            </Col>
            <Col>
              <Total label="Activated" value={m.totals.activated} />
            </Col>
            <Col>
              <Total label="Closed" value={m.totals.closed} />
            </Col>
            <Col>
              <Duration label="Time to first response" stats={m.time_to_first_response} />
            </Col>
            <Col>
              <Duration label="Time to close" stats={m.time_to_close} />
            </Col>
          </Row>
          <Suspense fallback={<PageSpinner label="Loading charts…" />}>
            <MetricsCharts metrics={m} />
          </Suspense>
        </>
      )}
      <WeeklyTriage />
    </>
  );
}

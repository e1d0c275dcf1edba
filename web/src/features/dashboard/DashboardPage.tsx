// /cvdp/dashboard (staff): the programme's figures over a date range (default the last 30 days), kept in the
// URL (?start=yyyy-MM-dd&end=yyyy-MM-dd). The charts load on their own (chart.js comes with them only).
import { Suspense, lazy, useEffect, useState } from 'react';
import { Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type DurationStats, metricsQuery } from '@cvdp/core';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { fetchMetrics } from './api.ts';
import { formatHours, rangeFrom } from './range.ts';

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
  const [params, setParams] = useSearchParams();
  const range = rangeFrom(params);
  const [draft, setDraft] = useState(range);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Back/forward changes the URL's range: the fields follow.
  useEffect(() => setDraft({ start: range.start, end: range.end }), [range.start, range.end]);
  const metrics = useQuery({
    queryKey: queryKeys.dashboard.metrics(range.start, range.end),
    queryFn: () => fetchMetrics(range),
    placeholderData: keepPreviousData,
  });

  function apply(e: React.FormEvent) {
    e.preventDefault();
    const checked = metricsQuery.safeParse(draft);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0] ?? 'start'), i.message])),
      );
      return;
    }
    setErrors({});
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('start', draft.start);
      next.set('end', draft.end);
      return next;
    });
  }

  const m = metrics.data;
  return (
    <>
      <h1 className="h3 mb-3">Dashboard</h1>
      <Form className="mb-4" onSubmit={apply} noValidate aria-label="Date range">
        <Row className="g-2 align-items-start">
          <Col xs={6} md="auto">
            <Form.Label htmlFor="metrics-start">From</Form.Label>
            <Form.Control
              id="metrics-start"
              type="date"
              value={draft.start}
              isInvalid={!!errors.start}
              onChange={(e) => setDraft((d) => ({ ...d, start: e.target.value }))}
            />
            <Form.Control.Feedback type="invalid">{errors.start}</Form.Control.Feedback>
          </Col>
          <Col xs={6} md="auto">
            <Form.Label htmlFor="metrics-end">To</Form.Label>
            <Form.Control
              id="metrics-end"
              type="date"
              value={draft.end}
              isInvalid={!!errors.end}
              onChange={(e) => setDraft((d) => ({ ...d, end: e.target.value }))}
            />
            <Form.Control.Feedback type="invalid">{errors.end}</Form.Control.Feedback>
          </Col>
          <Col xs={12} md="auto" className="align-self-md-end">
            <Button type="submit">Show</Button>
          </Col>
        </Row>
      </Form>
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
    </>
  );
}

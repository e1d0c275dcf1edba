// Insights (base 2): over a date range (default the last 30 days) and optionally one scorer — vulnerabilities
// scored per day, time to score and the queue now; how our SSVC decisions agree with CISA's per decision point;
// the distribution of our decisions and CVSS severities. The range lives in the address. The charts load on
// their own (chart.js comes with them only); under each chart a table gives the same figures.
import { type ReactNode, Suspense, lazy, useEffect } from 'react';
import { Card, Col, Row, Table } from 'react-bootstrap';
import { z } from 'zod';
import { format, subDays } from 'date-fns';
import { insightsQuerySchema } from '@cvdp/core/scoring/work';
import { usePageTitle } from '../../lib/page-title.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { SelectField, SubmitButton, TextField, ZodForm, useZodForm } from '../../components/form/index.ts';
import {
  type InsightsRange,
  useInsights,
  useScoreInsights,
  useScorers,
  useVulnrichInsights,
} from './api/index.ts';
import { ScoringNav } from './components/ScoringNav.tsx';
import { assign, useLatestSearchParams } from '../../lib/search-params.ts';

const charts = () => import('./InsightsCharts.tsx');
const ScoredPerDayChart = lazy(() => charts().then((m) => ({ default: m.ScoredPerDayChart })));
const QueueChart = lazy(() => charts().then((m) => ({ default: m.QueueChart })));
const AgreementChart = lazy(() => charts().then((m) => ({ default: m.AgreementChart })));
const DecisionsChart = lazy(() => charts().then((m) => ({ default: m.DecisionsChart })));
const SeveritiesChart = lazy(() => charts().then((m) => ({ default: m.SeveritiesChart })));

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The fields hold text ('' for every scorer); the range is what the server checks. */
const rangeFormSchema = z
  .object({ start: z.string(), end: z.string(), user: z.string() })
  .transform(({ user, ...days }) => ({ ...days, ...(user ? { user } : {}) }))
  .pipe(insightsQuerySchema);
const DEFAULT_DAYS = 30;

function rangeFrom(params: URLSearchParams): InsightsRange {
  const today = new Date();
  const start = params.get('start');
  const end = params.get('end');
  const user = params.get('user');
  return {
    start: start && DAY.test(start) ? start : format(subDays(today, DEFAULT_DAYS - 1), 'yyyy-MM-dd'),
    end: end && DAY.test(end) ? end : format(today, 'yyyy-MM-dd'),
    ...(user && /^\d+$/.test(user) ? { user } : {}),
  };
}

export function formatHours(hours: number | null): string {
  if (hours == null) return '—';
  if (hours >= 48) return `${(hours / 24).toFixed(1)} days`;
  return `${hours.toFixed(1)} h`;
}

const percent = (fraction: number | null) =>
  fraction === null ? '—' : `${Math.round(fraction * 1000) / 10}%`;

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Card className="h-100">
      <Card.Body>
        <Card.Title as="h3" className="h6 text-body-secondary">
          {label}
        </Card.Title>
        <p className="h4 mb-1">{value}</p>
        {note && <p className="small text-body-secondary mb-0">{note}</p>}
      </Card.Body>
    </Card>
  );
}

/** A chart and, under it, the same figures as a table (collapsed; Enter or Space on the summary opens it). */
function ChartBlock(props: {
  id: string;
  title: string;
  chart: ReactNode;
  table: ReactNode;
  /** Said instead of drawing empty axes. */
  empty?: string | false;
}) {
  return (
    <section aria-labelledby={`${props.id}-title`} className="mb-4">
      <h3 className="h6" id={`${props.id}-title`}>
        {props.title}
      </h3>
      {props.empty ? (
        <p className="small text-body-secondary">{props.empty}</p>
      ) : (
        <Suspense fallback={<PageSpinner label="Loading chart…" />}>{props.chart}</Suspense>
      )}
      <details className="mt-2">
        <summary className="small">{props.title} as a table</summary>
        <div className="table-responsive mt-2">{props.table}</div>
      </details>
    </section>
  );
}

function Tabular(props: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <Table size="sm" bordered className="w-auto small">
      <caption className="visually-hidden">{props.caption}</caption>
      <thead>
        <tr>
          {props.head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.length === 0 && <NoDataRow colSpan={props.head.length} />}
        {props.rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) =>
              j === 0 ? (
                <th key={j} scope="row" className="fw-normal">
                  {c}
                </th>
              ) : (
                <td key={j}>{c}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function InsightsPage() {
  usePageTitle('Insights');
  const [params, update] = useLatestSearchParams();
  const range = rangeFrom(params);
  const form = useZodForm(rangeFormSchema, {
    defaultValues: { start: range.start, end: range.end, user: range.user ?? '' },
  });
  // Back/forward changes the address's range: the fields follow.
  useEffect(
    () => form.reset({ start: range.start, end: range.end, user: range.user ?? '' }),
    [form, range.start, range.end, range.user],
  );
  const scorers = useScorers();
  // The address's scorer is chosen once the list (its option) has come.
  useEffect(() => {
    if (scorers.data) form.setValue('user', form.getValues('user'));
  }, [form, scorers.data]);
  const main = useInsights(range);
  const vulnrich = useVulnrichInsights(range);
  const score = useScoreInsights(range);

  function apply(checked: z.output<typeof rangeFormSchema>) {
    update(
      assign({
        start: checked.start,
        end: checked.end,
        user: checked.user === undefined ? null : String(checked.user),
      }),
    );
  }

  const who = range.user ? scorers.data?.find((u) => String(u.id) === range.user)?.name : undefined;
  const i = main.data;
  const v = vulnrich.data;
  const s = score.data;
  return (
    <div>
      <ScoringNav />
      <h1 className="h3 mb-3">Insights</h1>
      <ZodForm form={form} className="mb-4" onSubmit={apply} label="Date range and scorer">
        <Row className="g-2 align-items-start">
          <Col xs={6} md="auto">
            <TextField id="insights-start" name="start" label="From" type="date" className="" />
          </Col>
          <Col xs={6} md="auto">
            <TextField id="insights-end" name="end" label="To" type="date" className="" />
          </Col>
          <Col xs={12} md="auto">
            <SelectField
              id="insights-user"
              name="user"
              label="Scorer"
              placeholder="Everyone"
              options={(scorers.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
              className=""
            />
          </Col>
          <Col xs={12} md="auto" className="align-self-md-end">
            <SubmitButton>Show</SubmitButton>
          </Col>
        </Row>
      </ZodForm>
      <p className="text-body-secondary">
        From {range.start} to {range.end}
        {range.user ? `, scored by ${who ?? `user ${range.user}`}` : ', every scorer'}.
      </p>

      <section aria-labelledby="insights-work-title" className="mb-4">
        <h2 className="h5" id="insights-work-title">
          Scoring work
        </h2>
        <ErrorAlert error={main.error} prefix="An error occurred: " />
        {main.isPending && <PageSpinner />}
        {i && (
          <>
            <Row xs={1} sm={3} className="g-3 mb-4">
              <Col>
                <Figure label="Scored" value={i.scored_total} note="first scored in the range" />
              </Col>
              <Col>
                <Figure
                  label="Time to score"
                  value={`median ${formatHours(i.time_to_score.median_hours)}`}
                  note={`mean ${formatHours(i.time_to_score.mean_hours)} · ${i.time_to_score.count} scored`}
                />
              </Col>
              <Col>
                {/* The queue is shared: its size counts every scorer's records, with or without a scorer
                    chosen; the chosen scorer's share is the records assigned to them. */}
                <Figure
                  label="Queue size (every scorer)"
                  value={i.queue.size}
                  note={
                    i.queue.assigned === null
                      ? 'records waiting now'
                      : `records waiting now · ${i.queue.assigned} assigned to ${who ?? `user ${range.user}`}`
                  }
                />
              </Col>
            </Row>
            <Row>
              <Col lg={8}>
                <ChartBlock
                  id="insights-per-day"
                  title="Scored per day"
                  chart={<ScoredPerDayChart insights={i} />}
                  table={
                    <Tabular
                      caption="Vulnerabilities scored per day"
                      head={['Date', 'Scored']}
                      rows={i.scored_per_day.map((d) => [d.date, d.scored])}
                    />
                  }
                />
              </Col>
              <Col lg={4}>
                <ChartBlock
                  id="insights-queue"
                  title="Queue by status"
                  chart={<QueueChart insights={i} />}
                  empty={i.queue.size === 0 && 'No records are waiting in the queue.'}
                  table={
                    <Tabular
                      caption="The queue now by status"
                      head={['Status', 'Records']}
                      rows={Object.entries(i.queue.by_status).map(([k, n]) => [k, n])}
                    />
                  }
                />
              </Col>
            </Row>
          </>
        )}
      </section>

      <section aria-labelledby="insights-cisa-title" className="mb-4">
        <h2 className="h5" id="insights-cisa-title">
          Agreement with CISA
        </h2>
        <ErrorAlert error={vulnrich.error} prefix="An error occurred: " />
        {vulnrich.isPending && <PageSpinner />}
        {v && (
          <>
            <p className="small">
              {v.compared === 0
                ? 'No vulnerability scored with the CISA Coordinator table in this range carries a CISA SSVC decision.'
                : `${v.compared} vulnerabilities scored with the CISA Coordinator table carry CISA's SSVC decision; all three decision points agree on ${v.all_agree}.`}
            </p>
            <ChartBlock
              id="insights-agreement"
              title="Agreement per decision point"
              chart={<AgreementChart vulnrich={v} />}
              table={
                <Tabular
                  caption="Agreement with CISA per decision point"
                  head={['Decision point', 'Agree', 'Disagree', 'Agreement']}
                  rows={v.points.map((p) => [p.name, p.agree, p.disagree, percent(p.agreement)])}
                />
              }
            />
          </>
        )}
      </section>

      <section aria-labelledby="insights-distribution-title" className="mb-4">
        <h2 className="h5" id="insights-distribution-title">
          Decisions and severities
        </h2>
        <p className="small text-body-secondary">Every scorer&apos;s scores in the range.</p>
        <ErrorAlert error={score.error} prefix="An error occurred: " />
        {score.isPending && <PageSpinner />}
        {s && (
          <Row>
            <Col lg={6}>
              <ChartBlock
                id="insights-decisions"
                title="SSVC decisions"
                chart={<DecisionsChart score={s} />}
                empty={s.decisions.length === 0 && 'No SSVC decisions in this range.'}
                table={
                  <Tabular
                    caption="SSVC decisions"
                    head={['Decision', 'Table', 'Count']}
                    rows={s.decisions.map((d) => [d.name, d.table, d.count])}
                  />
                }
              />
            </Col>
            <Col lg={6}>
              <ChartBlock
                id="insights-severities"
                title="CVSS severities"
                chart={<SeveritiesChart score={s} />}
                empty={s.severities.length === 0 && 'No CVSS scores in this range.'}
                table={
                  <Tabular
                    caption="CVSS severities"
                    head={['Severity', 'CVSS version', 'Count']}
                    rows={s.severities.map((x) => [x.severity, x.version, x.count])}
                  />
                }
              />
            </Col>
          </Row>
        )}
      </section>
    </div>
  );
}

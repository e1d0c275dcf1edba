// The dashboard's charts. chart.js is tree-shaken: only the bar chart's controller, element, scales and the
// tooltip/legend plugins are registered (never chart.js/auto). Each canvas is an image to assistive
// technology, with an aria-label that says what it shows (axe role-img-alt).
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { Metrics } from '@cvdp/core';
import { formatHours } from './range.ts';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const COLOURS = { opened: '#0a58ca', activated: '#198754', closed: '#6c757d' };

export function perDayLabel(m: Metrics): string {
  const busiest = m.days.reduce<Metrics['days'][number] | null>(
    (best, d) => (!best || d.opened > best.opened ? d : best),
    null,
  );
  const parts = [
    `Bar chart of cases per day from ${m.start} to ${m.end}: ${m.totals.opened} opened, ` +
      `${m.totals.activated} activated and ${m.totals.closed} closed in total.`,
  ];
  if (busiest && busiest.opened > 0) parts.push(`Most opened on ${busiest.date}: ${busiest.opened}.`);
  return parts.join(' ');
}

const cases = (n: number) => (n === 1 ? '1 case' : `${n} cases`);

export function durationsLabel(m: Metrics): string {
  const r = m.time_to_first_response;
  const c = m.time_to_close;
  return (
    `Bar chart of median times: first response ${formatHours(r.median_hours)} over ${cases(r.count)}, ` +
    `close ${formatHours(c.median_hours)} over ${cases(c.count)}.`
  );
}

export function MetricsCharts({ metrics }: { metrics: Metrics }) {
  const labels = metrics.days.map((d) => d.date.slice(5));
  const series = (['opened', 'activated', 'closed'] as const).map((key) => ({
    label: key[0].toUpperCase() + key.slice(1),
    data: metrics.days.map((d) => d[key]),
    backgroundColor: COLOURS[key],
  }));
  const durations = [metrics.time_to_first_response, metrics.time_to_close];
  return (
    <div className="row g-4">
      <div className="col-12 col-lg-8">
        <h2 className="h6">Cases per day</h2>
        <div style={{ position: 'relative', height: 280 }}>
          <Bar
            aria-label={perDayLabel(metrics)}
            role="img"
            data={{ labels, datasets: series }}
            options={{
              responsive: true,
              maintainAspectRatio: false,
              animation: false,
              scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
            }}
          />
        </div>
      </div>
      <div className="col-12 col-lg-4">
        <h2 className="h6">Median hours</h2>
        <div style={{ position: 'relative', height: 280 }}>
          <Bar
            aria-label={durationsLabel(metrics)}
            role="img"
            data={{
              labels: ['First response', 'Close'],
              datasets: [
                {
                  label: 'Median hours',
                  data: durations.map((d) => d.median_hours ?? 0),
                  backgroundColor: ['#0a58ca', '#6c757d'],
                },
              ],
            }}
            options={{
              responsive: true,
              maintainAspectRatio: false,
              animation: false,
              plugins: { legend: { display: false } },
              scales: { y: { beginAtZero: true } },
            }}
          />
        </div>
      </div>
    </div>
  );
}

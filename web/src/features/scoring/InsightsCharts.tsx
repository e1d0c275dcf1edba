// The insights charts (loaded on their own: chart.js comes with this chunk only). chart.js is tree-shaken as on
// the dashboard: the bar chart's controller, element, scales and tooltip/legend. Each canvas is an image with
// an aria-label saying what it shows; the page puts a table with the same figures under each chart.
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { Insights, ScoreInsights, VulnrichInsights } from '@cvdp/core/scoring/work';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const BLUE = '#0a58ca';
const GREEN = '#198754';
const RED = '#b02a37';
const GREY = '#6c757d';
const SEVERITY_COLOURS: Record<string, string> = {
  CRITICAL: '#842029',
  HIGH: RED,
  MEDIUM: '#b35900',
  LOW: GREEN,
  NONE: GREY,
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const baseOptions = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false as const,
  scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
};

function Frame({ children }: { children: React.ReactNode }) {
  return <div style={{ position: 'relative', height: 260 }}>{children}</div>;
}

export function scoredPerDayLabel(i: Insights): string {
  const busiest = i.scored_per_day.reduce<Insights['scored_per_day'][number] | null>(
    (best, d) => (!best || d.scored > best.scored ? d : best),
    null,
  );
  const parts = [
    `Bar chart of vulnerabilities scored per day from ${i.start} to ${i.end}: ${plural(i.scored_total, 'vulnerability', 'vulnerabilities')} in total.`,
  ];
  if (busiest && busiest.scored > 0) parts.push(`Most on ${busiest.date}: ${busiest.scored}.`);
  return parts.join(' ');
}

export function ScoredPerDayChart({ insights }: { insights: Insights }) {
  return (
    <Frame>
      <Bar
        role="img"
        aria-label={scoredPerDayLabel(insights)}
        data={{
          labels: insights.scored_per_day.map((d) => d.date.slice(5)),
          datasets: [
            { label: 'Scored', data: insights.scored_per_day.map((d) => d.scored), backgroundColor: BLUE },
          ],
        }}
        options={{ ...baseOptions, plugins: { legend: { display: false } } }}
      />
    </Frame>
  );
}

export function queueLabel(i: Insights): string {
  const parts = Object.entries(i.queue.by_status).map(([s, n]) => `${n} ${s}`);
  return `Bar chart of the queue now by status: ${plural(i.queue.size, 'record')} waiting${parts.length ? ` (${parts.join(', ')})` : ''}.`;
}

export function QueueChart({ insights }: { insights: Insights }) {
  const entries = Object.entries(insights.queue.by_status);
  return (
    <Frame>
      <Bar
        role="img"
        aria-label={queueLabel(insights)}
        data={{
          labels: entries.map(([s]) => s),
          datasets: [{ label: 'Records', data: entries.map(([, n]) => n), backgroundColor: GREY }],
        }}
        options={{ ...baseOptions, plugins: { legend: { display: false } } }}
      />
    </Frame>
  );
}

export const percent = (fraction: number | null) =>
  fraction === null ? '—' : `${Math.round(fraction * 1000) / 10}%`;

export function agreementLabel(v: VulnrichInsights): string {
  if (v.compared === 0)
    return 'Bar chart of agreement with CISA: no vulnerabilities to compare in this range.';
  return (
    `Stacked bar chart of agreement with CISA over ${plural(v.compared, 'vulnerability', 'vulnerabilities')}: ` +
    v.points.map((p) => `${p.name} ${percent(p.agreement)} agree`).join(', ') +
    `; all three agree on ${v.all_agree}.`
  );
}

export function AgreementChart({ vulnrich }: { vulnrich: VulnrichInsights }) {
  return (
    <Frame>
      <Bar
        role="img"
        aria-label={agreementLabel(vulnrich)}
        data={{
          labels: vulnrich.points.map((p) => p.name),
          datasets: [
            { label: 'Agree', data: vulnrich.points.map((p) => p.agree), backgroundColor: GREEN },
            { label: 'Disagree', data: vulnrich.points.map((p) => p.disagree), backgroundColor: RED },
          ],
        }}
        options={{
          ...baseOptions,
          scales: {
            x: { stacked: true },
            y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } },
          },
        }}
      />
    </Frame>
  );
}

export function decisionsLabel(s: ScoreInsights): string {
  if (s.decisions.length === 0) return 'Bar chart of SSVC decisions: none in this range.';
  return `Bar chart of SSVC decisions: ${s.decisions.map((d) => `${d.name} ${d.count}`).join(', ')}.`;
}

export function DecisionsChart({ score }: { score: ScoreInsights }) {
  return (
    <Frame>
      <Bar
        role="img"
        aria-label={decisionsLabel(score)}
        data={{
          labels: score.decisions.map((d) => `${d.name} (${d.table})`),
          datasets: [
            { label: 'Decisions', data: score.decisions.map((d) => d.count), backgroundColor: BLUE },
          ],
        }}
        options={{ ...baseOptions, plugins: { legend: { display: false } } }}
      />
    </Frame>
  );
}

export function severitiesLabel(s: ScoreInsights): string {
  if (s.severities.length === 0) return 'Bar chart of CVSS severities: none in this range.';
  return `Bar chart of CVSS severities: ${s.severities.map((x) => `CVSS ${x.version} ${x.severity} ${x.count}`).join(', ')}.`;
}

export function SeveritiesChart({ score }: { score: ScoreInsights }) {
  return (
    <Frame>
      <Bar
        role="img"
        aria-label={severitiesLabel(score)}
        data={{
          labels: score.severities.map((x) => `${x.severity} (${x.version})`),
          datasets: [
            {
              label: 'Scores',
              data: score.severities.map((x) => x.count),
              backgroundColor: score.severities.map((x) => SEVERITY_COLOURS[x.severity] ?? GREY),
            },
          ],
        }}
        options={{ ...baseOptions, plugins: { legend: { display: false } } }}
      />
    </Frame>
  );
}

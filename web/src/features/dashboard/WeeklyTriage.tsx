// The triage desk per week (issue 28): the last 12 weeks, newest first, as a table — each figure is about
// the reports received that week. A table rather than a chart: six measures per week read best as numbers,
// and a screen reader walks it cell by cell. It scrolls sideways inside its card at 390 px.
import { Card, Table } from 'react-bootstrap';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { useWeeklyMetrics } from './api/index.ts';
import { formatHours } from './range.ts';

export function WeeklyTriage() {
  const weekly = useWeeklyMetrics();
  const weeks = weekly.data ? [...weekly.data.weeks].reverse() : [];
  return (
    <Card className="mt-4">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Triage per week
        </Card.Title>
        <p className="small text-body-secondary">
          The last 12 weeks (Monday to Sunday, UTC), by the week a report was received. Duplicates found: a
          coordinator was shown a likely duplicate. First response: the first staff action on the case — a
          triage decision, an assignment, a post or an edit.
        </p>
        <ErrorAlert error={weekly.error} prefix="An error occurred: " />
        {weekly.isPending && <PageSpinner label="Loading the weekly figures…" />}
        {weekly.data && (
          // A region that scrolls sideways on a phone must be reachable by keyboard (axe
          // scrollable-region-focusable): the wrapper takes focus and names itself.
          <div
            className="table-responsive"
            tabIndex={0}
            role="region"
            aria-label="Triage per week, scrolling sideways"
          >
            <Table size="sm" className="mb-0 text-nowrap">
              <caption className="visually-hidden">Triage per week, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Week of</th>
                  <th scope="col" className="text-end">
                    Received
                  </th>
                  <th scope="col" className="text-end">
                    Duplicates found
                  </th>
                  <th scope="col" className="text-end">
                    Merged
                  </th>
                  <th scope="col" className="text-end">
                    Median first response
                  </th>
                  <th scope="col" className="text-end">
                    Held
                  </th>
                </tr>
              </thead>
              <tbody>
                {weeks.map((w) => (
                  <tr key={w.week}>
                    <th scope="row" className="fw-normal">
                      {w.week}
                    </th>
                    <td className="text-end">{w.received}</td>
                    <td className="text-end">{w.duplicates_found}</td>
                    <td className="text-end">{w.duplicates_merged}</td>
                    <td className="text-end">{formatHours(w.first_response_median_hours)}</td>
                    <td className="text-end">{w.held}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

// /cvdp/triage (staff): new reports waiting in status 0, oldest first, each leading to its case to be
// activated there. The words filter and the page live in the URL.
import { Form, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { Pager } from '../../components/Pager.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { DESK_PAGE_SIZE, useTriage } from './api/index.ts';
import { useListParams, useTextFilter } from './list-params.ts';
import { casePath } from './paths.ts';

export function TriagePage() {
  usePageTitle('Triage');
  const { page, setPage } = useListParams();
  const query = useTextFilter('query');
  const params = { query: query.value || undefined, page };
  const list = useTriage(params);
  return (
    <>
      <h1 className="h3 mb-1">Triage</h1>
      <p className="text-body-secondary">
        New reports waiting for a coordinator, oldest first. Open a case to activate it.
      </p>
      <Form
        role="search"
        aria-label="Filter the triage queue"
        className="mb-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <Form.Label htmlFor="triage-query">Words in title or report</Form.Label>
        <Form.Control
          id="triage-query"
          type="search"
          value={query.text}
          onChange={(e) => query.setText(e.target.value)}
        />
      </Form>
      <ErrorAlert error={list.error} prefix="An error occurred: " />
      {list.isPending ? (
        <PageSpinner />
      ) : (
        <>
          {list.data && (
            <p className="text-body-secondary small mb-2" aria-live="polite">
              {list.data.count === 1 ? '1 report waiting' : `${list.data.count} reports waiting`}
            </p>
          )}
          <Table striped hover size="sm" className="align-middle">
            <caption className="visually-hidden">Triage queue</caption>
            <thead>
              <tr>
                <th scope="col">Case</th>
                <th scope="col">Title</th>
                <th scope="col" className="d-none d-md-table-cell">
                  Reporter
                </th>
                <th scope="col" className="d-none d-md-table-cell">
                  Product
                </th>
                <th scope="col">Submitted</th>
              </tr>
            </thead>
            <tbody>
              {list.data?.results.length === 0 && <NoDataRow colSpan={5} />}
              {list.data?.results.map((row) => (
                <tr key={row.id}>
                  <td className="text-nowrap">
                    <Link to={casePath(row.id)}>#{row.id}</Link>
                  </td>
                  <td className="text-break">
                    <Link to={casePath(row.id)}>{row.title}</Link>
                    <div className="small text-body-secondary d-md-none">
                      {[row.reporter?.name, row.product].filter(Boolean).join(' · ')}
                    </div>
                  </td>
                  <td className="d-none d-md-table-cell">{row.reporter?.name ?? '—'}</td>
                  <td className="d-none d-md-table-cell text-break">{row.product || '—'}</td>
                  <td className="text-nowrap">{formatDateTime(row.submitted)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
      {list.data && <Pager page={page} pageSize={DESK_PAGE_SIZE} count={list.data.count} onPage={setPage} />}
    </>
  );
}

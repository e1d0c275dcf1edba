// Predisclosure: vulnerabilities of coordination cases whose advisory is not published yet, with our scores kept
// on the scoring side. A query box and paging.
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Form, Table } from 'react-bootstrap';
import { usePageTitle } from '../../lib/page-title.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { Pager } from '../../components/Pager.tsx';
import { usePredisclosure } from './api/index.ts';
import { ScoringNav } from './components/ScoringNav.tsx';

const PAGE_SIZE = 25;

export function PredisclosurePage() {
  usePageTitle('Predisclosure');
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const params: Record<string, string> = { page: String(page), page_size: String(PAGE_SIZE) };
  if (query) params.query = query;
  const list = usePredisclosure(params);
  return (
    <div>
      <ScoringNav />
      <h1 className="h3">Predisclosure</h1>
      <Form
        role="search"
        className="d-flex gap-2 align-items-end mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(text.trim());
          setPage(1);
        }}
      >
        <Form.Group controlId="predisclosure-query" className="flex-grow-1">
          <Form.Label className="small mb-1">Search</Form.Label>
          <Form.Control size="sm" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </Form.Group>
        <Button type="submit" size="sm">
          Search
        </Button>
      </Form>
      <ErrorAlert error={list.error} />
      <div className="table-responsive">
        <Table size="sm" hover aria-label="Predisclosure vulnerabilities">
          <thead>
            <tr>
              <th scope="col">Case</th>
              <th scope="col">Vulnerability</th>
              <th scope="col">CVE</th>
              <th scope="col">SSVC</th>
              <th scope="col">CVSS</th>
              <th scope="col">Assigned</th>
            </tr>
          </thead>
          <tbody>
            {list.data?.results.length === 0 && <NoDataRow colSpan={6} />}
            {list.data?.results.map((v) => (
              <tr key={v.id}>
                <td className="text-break">
                  #{v.case.id} {v.case.title}
                </td>
                <td className="text-break">
                  <Link to={`/cvdp/scoring/predisclosure/${v.id}`}>
                    .{v.local_id} {v.title || v.description.slice(0, 100)}
                  </Link>
                </td>
                <td className="text-nowrap">{v.cve ?? '—'}</td>
                <td>{v.score.ssvc?.outcome_name ?? '—'}</td>
                <td className="text-nowrap">
                  {v.score.cvss4
                    ? `4.0 ${v.score.cvss4.score.toFixed(1)}`
                    : v.score.cvss3
                      ? `3.x ${v.score.cvss3.score.toFixed(1)}`
                      : '—'}
                </td>
                <td>{v.assigned?.name ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {list.data && <Pager page={page} pageSize={PAGE_SIZE} count={list.data.count} onPage={setPage} />}
    </div>
  );
}

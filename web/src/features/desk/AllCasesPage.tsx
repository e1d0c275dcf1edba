// /cvdp/cases: every case the user may see, filtered by words, status, tag and embargo end; filters, ordering and page
// live in the URL (?query=…&status=0&status=1&tag=…&embargo_ends_before=yyyy-MM-dd&ordering=-updated&page=2).
import { Col, Form, Row } from 'react-bootstrap';
import { CASE_STATUSES, caseStatusLabel } from '@cvdp/core';
import { usePageTitle } from '../../lib/page-title.ts';
import { useListMetadata } from './api/index.ts';
import { CaseList } from './components/CaseList.tsx';
import { useListParams, useTextFilter } from './list-params.ts';

export function AllCasesPage() {
  usePageTitle('All cases');
  const { params, update } = useListParams();
  const query = useTextFilter('query');
  const statuses = params
    .getAll('status')
    .map(Number)
    .filter((s) => (CASE_STATUSES as readonly number[]).includes(s));
  const tag = params.get('tag') ?? '';
  // A date input gives yyyy-MM-dd or nothing; the server reads the date as its start, UTC.
  const endsBefore = params.get('embargo_ends_before') ?? '';
  const metadata = useListMetadata();
  const tags = metadata.data?.tags ?? [];

  function toggleStatus(status: number, on: boolean) {
    const next = on ? [...statuses, status] : statuses.filter((s) => s !== status);
    update({ status: [...new Set(next)].sort().map(String) });
  }

  return (
    <>
      <h1 className="h3 mb-3">All cases</h1>
      <Form role="search" aria-label="Filter cases" className="mb-3" onSubmit={(e) => e.preventDefault()}>
        <Row className="g-2 align-items-end">
          <Col xs={12} md={5}>
            <Form.Label htmlFor="cases-query">Words in title, summary or report</Form.Label>
            <Form.Control
              id="cases-query"
              type="search"
              value={query.text}
              onChange={(e) => query.setText(e.target.value)}
            />
          </Col>
          <Col xs={12} md="auto">
            <fieldset>
              <legend className="form-label fs-6 mb-1">Status</legend>
              {CASE_STATUSES.map((s) => (
                <Form.Check
                  key={s}
                  inline
                  id={`cases-status-${s}`}
                  type="checkbox"
                  label={caseStatusLabel(s)}
                  checked={statuses.includes(s)}
                  onChange={(e) => toggleStatus(s, e.target.checked)}
                />
              ))}
            </fieldset>
          </Col>
          <Col xs={12} md={2}>
            <Form.Label htmlFor="cases-embargo-ends-before">Embargo ends before</Form.Label>
            <Form.Control
              id="cases-embargo-ends-before"
              type="date"
              value={endsBefore}
              onChange={(e) => update({ embargo_ends_before: e.target.value || null })}
            />
          </Col>
          <Col xs={12} md={3}>
            <Form.Label htmlFor="cases-tag">Tag</Form.Label>
            <Form.Select id="cases-tag" value={tag} onChange={(e) => update({ tag: e.target.value || null })}>
              <option value="">Any tag</option>
              {[...new Set(tag ? [...tags, tag] : tags)].map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Form.Select>
          </Col>
        </Row>
      </Form>
      <CaseList
        filters={{
          query: query.value || undefined,
          status: statuses,
          tag: tag || undefined,
          embargoEndsBefore: endsBefore || undefined,
        }}
        caption="All cases"
      />
    </>
  );
}

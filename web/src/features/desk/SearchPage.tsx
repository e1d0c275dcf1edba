// /cvdp/search: live full-text search over what the user may see. The words are sent once typing pauses;
// a search still running when a newer one starts is cancelled (its AbortController aborts the request).
// The words and the page live in the URL (?query=…&page=2).
import { Form, ListGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import type { SearchHitType } from '@cvdp/core';
import { ContrastBadge, type BadgeVariant } from '../../components/ContrastBadge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NO_DATA_TEXT } from '../../components/NoDataRow.tsx';
import { countLabel, Pager } from '../../components/Pager.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { DESK_PAGE_SIZE, useCaseSearch } from './api/index.ts';
import { useListParams, useTextFilter } from './list-params.ts';
import { casePath } from './paths.ts';

export const SEARCH_DEBOUNCE_MS = 250;

const TYPES: Record<SearchHitType, { label: string; bg: BadgeVariant }> = {
  case: { label: 'Case', bg: 'primary' },
  report: { label: 'Report', bg: 'success' },
  post: { label: 'Post', bg: 'secondary' },
  vulnerability: { label: 'Vulnerability', bg: 'danger' },
};

export function SearchPage() {
  usePageTitle('Search');
  const { page, setPage } = useListParams();
  const query = useTextFilter('query', SEARCH_DEBOUNCE_MS);
  const words = query.value;
  const hits = useCaseSearch(words, page);
  const data = words ? hits.data : undefined;

  return (
    <>
      <h1 className="h3 mb-3">Search</h1>
      <Form role="search" className="mb-3" onSubmit={(e) => e.preventDefault()}>
        <Form.Label htmlFor="search-query">Words to find in cases and reports</Form.Label>
        <Form.Control
          id="search-query"
          type="search"
          autoFocus
          autoComplete="off"
          value={query.text}
          onChange={(e) => query.setText(e.target.value)}
        />
      </Form>
      {words && <ErrorAlert error={hits.error} prefix="An error occurred: " />}
      <div aria-live="polite" className="text-body-secondary small mb-2">
        {words && hits.isFetching && 'Searching...'}
        {words && !hits.isFetching && data && countLabel(data.count, data.count_capped, 'result', 'results')}
      </div>
      {data && (
        <ListGroup as="ol" aria-label="Search results">
          {data.results.length === 0 && (
            <ListGroup.Item as="li" className="text-center text-body-secondary">
              {NO_DATA_TEXT}
            </ListGroup.Item>
          )}
          {data.results.map((hit, i) => {
            const type = TYPES[hit.type] ?? { label: hit.type, bg: 'secondary' as const };
            return (
              <ListGroup.Item as="li" key={`${hit.type}-${hit.case}-${i}`}>
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <ContrastBadge bg={type.bg}>{type.label}</ContrastBadge>
                  <Link to={casePath(hit.case)} className="fw-semibold text-break">
                    {hit.title}
                  </Link>
                </div>
                <div className="small text-body-secondary text-break">
                  Case #{hit.case}
                  {hit.case_title && hit.case_title !== hit.title ? `: ${hit.case_title}` : ''}
                </div>
                {/* The server escapes the snippet and marks the matches: the one field rendered as HTML. */}
                <div
                  className="search-snippet text-break"
                  dangerouslySetInnerHTML={{ __html: hit.snippet }}
                />
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      )}
      {data && (
        <Pager
          page={page}
          pageSize={DESK_PAGE_SIZE}
          count={data.count}
          capped={data.count_capped}
          onPage={setPage}
        />
      )}
    </>
  );
}

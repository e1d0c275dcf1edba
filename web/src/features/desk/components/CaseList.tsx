// A case list with its ordering and page in the URL: the body of My cases, All cases and a vendor's home.
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { countLabel, Pager } from '../../../components/Pager.tsx';
import { type CaseListParams, DESK_PAGE_SIZE, useCases } from '../api/index.ts';
import { useListParams } from '../list-params.ts';
import { CaseTable } from './CaseTable.tsx';

const ORDERINGS = new Set(['id', 'title', 'status', 'created', 'updated'].flatMap((f) => [f, `-${f}`]));

export function CaseList(props: { filters: Omit<CaseListParams, 'page' | 'ordering'>; caption: string }) {
  const { page, ordering: fromUrl, setPage, setOrdering } = useListParams();
  const ordering = fromUrl && ORDERINGS.has(fromUrl) ? fromUrl : null;
  const params: CaseListParams = { ...props.filters, ordering: ordering ?? undefined, page };
  const list = useCases(params);
  return (
    <>
      <ErrorAlert error={list.error} prefix="An error occurred: " />
      {list.isPending ? (
        <PageSpinner />
      ) : (
        <>
          {list.data && (
            <p className="text-body-secondary small mb-2" aria-live="polite">
              {countLabel(list.data.count, list.data.count_capped, 'case', 'cases')}
            </p>
          )}
          <CaseTable
            rows={list.data?.results}
            ordering={ordering}
            onSort={setOrdering}
            caption={props.caption}
          />
        </>
      )}
      {list.data && (
        <Pager
          page={page}
          pageSize={DESK_PAGE_SIZE}
          count={list.data.count}
          capped={list.data.count_capped}
          onPage={setPage}
        />
      )}
    </>
  );
}

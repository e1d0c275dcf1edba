// GET /api/case/{id}/advisory/: every revision of the advisory the caller may read.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdvisoryRevision, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { pageRows } from './page-rows.ts';

/** Every revision the caller may read, newest first as the server orders them. */
export const fetchRevisions = (caseId: number) =>
  coordinationApi
    .get<AdvisoryRevision[] | PageOf<AdvisoryRevision>>(`api/case/${caseId}/advisory/`, {
      params: { page_size: 50 },
    })
    .then((r) => pageRows(r.data));

export const revisionsQuery = (caseId: number) =>
  queryOptions({ queryKey: queryKeys.advisories.revisions(caseId), queryFn: () => fetchRevisions(caseId) });

export const useRevisions = (caseId: number) => useQuery(revisionsQuery(caseId));

// GET /case/{id}/report/original/: the report as first submitted (coordinators).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OriginalReport } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchOriginalReport = (id: number) =>
  coordinationApi.get<OriginalReport>(`case/${id}/report/original/`).then((r) => r.data);

export const originalReportQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.cases.originalReport(id), queryFn: () => fetchOriginalReport(id) });

export const useOriginalReport = (id: number) => useQuery(originalReportQuery(id));

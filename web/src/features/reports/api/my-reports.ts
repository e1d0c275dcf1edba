// GET api/reports/ (SPEC §7): one page of the signed-in user's own reports.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReportRow, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const MY_REPORTS_PAGE_SIZE = 20;

export const fetchMyReports = (page: number) =>
  coordinationApi
    .get<PageOf<MyReportRow>>('api/reports/', { params: { page, page_size: MY_REPORTS_PAGE_SIZE } })
    .then((r) => r.data);

export const myReportsQuery = (page: number) =>
  queryOptions({ queryKey: queryKeys.reports.mine.page(page), queryFn: () => fetchMyReports(page) });

export const useMyReports = (page: number) => useQuery(myReportsQuery(page));

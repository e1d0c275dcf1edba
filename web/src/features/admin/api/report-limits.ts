// GET and PUT /manage/report-limits/: how many reports a day one address range and a new account may send
// before new ones are held (kept, shown to staff under Held in triage).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportLimits, ReportLimitsInput } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchReportLimits = () =>
  coordinationApi.get<ReportLimits>('manage/report-limits/').then((r) => r.data);
export const reportLimitsQuery = () =>
  queryOptions({ queryKey: queryKeys.admin.reportLimits(), queryFn: fetchReportLimits });
export const useReportLimits = () => useQuery(reportLimitsQuery());

export const saveReportLimits = (body: ReportLimitsInput) =>
  coordinationApi.put<ReportLimits>('manage/report-limits/', body).then((r) => r.data);

export function useSaveReportLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveReportLimits,
    onSuccess: (limits) => client.setQueryData(queryKeys.admin.reportLimits(), limits),
  });
}

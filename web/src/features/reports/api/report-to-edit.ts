// GET api/case/{id}/ for the edit form: the case's report as it is now.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { fetchCase } from '../../cases/index.ts';

// Loaded fresh for each opening (someone may have edited it since the case page was loaded) and never
// refetched while the form is open, which would throw away what the user typed.
export const reportToEditQuery = (caseId: number) =>
  queryOptions({
    queryKey: queryKeys.cases.forReportEdit(caseId),
    queryFn: () => fetchCase(caseId),
    gcTime: 0,
    staleTime: Infinity,
  });

export const useReportToEdit = (caseId: number) => useQuery(reportToEditQuery(caseId));

// Whether the caller is staff in the case: the case page's own metadata query (same key, no second call).
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { fetchCaseCallerMetadata } from './api.ts';

export function useCaseStaff(caseId: number): boolean {
  const metadata = useQuery({
    queryKey: queryKeys.cases.callerMetadata(caseId),
    queryFn: () => fetchCaseCallerMetadata(caseId),
  });
  return metadata.data?.staff ?? false;
}

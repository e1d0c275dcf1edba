// GET /api/case/{id}/advisory/blockers/ (staff): what stands between the latest revision and the world now.
// Read fresh each time the Publish dialog opens: approvals, the embargo and the CVE records change elsewhere.
import { useQuery } from '@tanstack/react-query';
import { AxiosError } from 'axios';
import { type Blocker, type BlockersAnswer, publicationBlockedSchema } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchBlockers = (caseId: number) =>
  coordinationApi.get<BlockersAnswer>(`api/case/${caseId}/advisory/blockers/`).then((r) => r.data);

export const useBlockers = (caseId: number) =>
  useQuery({
    queryKey: queryKeys.advisories.blockers(caseId),
    queryFn: () => fetchBlockers(caseId),
    staleTime: 0,
    gcTime: 0,
  });

/** The blockers of a 409 from publishing (they appeared since the dialog read them), or null. */
export function blockersOfError(error: unknown): Blocker[] | null {
  if (!(error instanceof AxiosError) || error.response?.status !== 409) return null;
  const parsed = publicationBlockedSchema.safeParse(error.response.data);
  return parsed.success && parsed.data.blockers?.length ? parsed.data.blockers : null;
}

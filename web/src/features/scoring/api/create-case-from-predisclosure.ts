// POST /api/predisclosure/vuls/{id}/: a coordination case made from an embargoed vulnerability through base 1.
import { useMutation } from '@tanstack/react-query';
import type { CaseCreated } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';

export const createCaseFromPredisclosure = (id: number) =>
  scoringApi.post<CaseCreated>(`api/predisclosure/vuls/${id}/`, {}).then((r) => r.data);

// The page shows nothing the new case changes: nothing to refresh.
export const useCreateCaseFromPredisclosure = (id: number) =>
  useMutation({ mutationFn: () => createCaseFromPredisclosure(id) });

// POST manage/csaf/profiles/ (administrators): a new CSAF profile.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CsafProfile, CsafProfileCreateInput } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createCsafProfile = (input: CsafProfileCreateInput) =>
  coordinationApi.post<CsafProfile>('manage/csaf/profiles/', input).then((r) => r.data);

export function useCreateCsafProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCsafProfile,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.advisories.csafProfiles() }),
  });
}

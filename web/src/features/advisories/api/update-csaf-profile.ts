// PATCH manage/csaf/profiles/{id}/ (administrators): the fields of a profile that changed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CsafProfile, CsafProfilePatchInput } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const updateCsafProfile = (id: number, change: CsafProfilePatchInput) =>
  coordinationApi.patch<CsafProfile>(`manage/csaf/profiles/${id}/`, change).then((r) => r.data);

export function useUpdateCsafProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: CsafProfilePatchInput }) =>
      updateCsafProfile(id, change),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.advisories.csafProfiles() }),
  });
}

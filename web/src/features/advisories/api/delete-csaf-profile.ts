// DELETE manage/csaf/profiles/{id}/ (administrators): cases that used the profile are published by the
// instance again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deleteCsafProfile = (id: number) =>
  coordinationApi.delete(`manage/csaf/profiles/${id}/`).then(() => undefined);

export function useDeleteCsafProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCsafProfile,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.advisories.csafProfiles() }),
  });
}

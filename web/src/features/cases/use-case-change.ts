// A change to the case (PATCH /api/cases/{id}/): on success the case, the caller's permissions (they follow
// the status) and the activity are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CaseUpdate } from '@cvdp/core';
import { queryKeys } from '../../lib/query-keys.ts';
import { updateCase } from './api.ts';

export function useCaseChange(caseId: number, onDone?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: CaseUpdate) => updateCase(caseId, change),
    onSuccess: async (updated) => {
      client.setQueryData(queryKeys.cases.detail(caseId), updated);
      onDone?.();
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.cases.detail(caseId) }),
        client.invalidateQueries({ queryKey: queryKeys.cases.callerMetadata(caseId) }),
        client.invalidateQueries({ queryKey: queryKeys.cases.activityAll(caseId) }),
      ]);
    },
  });
}

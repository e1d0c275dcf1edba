// POST /api/case/{id}/settings/csaf/ (staff): the fields sent change, the others stay.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CsafSettings, CsafSettingsInput } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const saveCsafSettings = (caseId: number, input: CsafSettingsInput) =>
  coordinationApi.post<CsafSettings>(`api/case/${caseId}/settings/csaf/`, input).then((r) => r.data);

/** The answer is the settings as stored: it replaces the cached ones (no second call). */
export function useSaveCsafSettings(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CsafSettingsInput) => saveCsafSettings(caseId, input),
    onSuccess: (saved) => client.setQueryData(queryKeys.advisories.csafSettings(caseId), saved),
  });
}

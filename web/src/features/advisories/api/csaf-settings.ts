// GET /api/case/{id}/settings/csaf/ (staff): the case's CSAF settings, with the profiles to choose from.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CsafSettings } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchCsafSettings = (caseId: number) =>
  coordinationApi.get<CsafSettings>(`api/case/${caseId}/settings/csaf/`).then((r) => r.data);

export const csafSettingsQuery = (caseId: number) =>
  queryOptions({
    queryKey: queryKeys.advisories.csafSettings(caseId),
    queryFn: () => fetchCsafSettings(caseId),
  });

export const useCsafSettings = (caseId: number) => useQuery(csafSettingsQuery(caseId));

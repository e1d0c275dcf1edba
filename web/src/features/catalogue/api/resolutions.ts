// GET manage/case/options/resolutions/: the resolutions a case is closed with.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResolutionOption } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchResolutions = () =>
  coordinationApi.get<ResolutionOption[]>('manage/case/options/resolutions/').then((r) => r.data);

export const resolutionsQuery = () =>
  queryOptions({ queryKey: queryKeys.catalogue.resolutions(), queryFn: fetchResolutions });

export const useResolutions = () => useQuery(resolutionsQuery());

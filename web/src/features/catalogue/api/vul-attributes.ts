// GET manage/vul/attributes/: the custom fields a vulnerability can carry.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VulAttribute } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchVulAttributes = () =>
  coordinationApi.get<VulAttribute[]>('manage/vul/attributes/').then((r) => r.data);

export const vulAttributesQuery = () =>
  queryOptions({ queryKey: queryKeys.catalogue.vulAttributes(), queryFn: fetchVulAttributes });

export const useVulAttributes = () => useQuery(vulAttributesQuery());

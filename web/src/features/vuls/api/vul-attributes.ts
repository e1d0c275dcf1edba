// GET /api/vul/attributes/ (staff): the catalogue's custom attributes a vulnerability can carry, one field
// each in the vulnerability form.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VulAttribute } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchVulAttributes = () =>
  coordinationApi.get<VulAttribute[]>('api/vul/attributes/').then((r) => r.data);

export const vulAttributesQuery = () =>
  queryOptions({ queryKey: queryKeys.vuls.attributes(), queryFn: fetchVulAttributes });

export const useVulAttributes = () => useQuery(vulAttributesQuery());

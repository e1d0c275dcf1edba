// GET manage/tags/usage/: every tag of both kinds — catalogue rows and names cases or vulnerabilities
// carry — with how many carry each.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TagUsage } from '@cvdp/core/catalogue/tag-usage';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchTagUsage = () => coordinationApi.get<TagUsage[]>('manage/tags/usage/').then((r) => r.data);

export const tagUsageQuery = () =>
  queryOptions({ queryKey: queryKeys.catalogue.tagUsage(), queryFn: fetchTagUsage });

export const useTagUsage = () => useQuery(tagUsageQuery());

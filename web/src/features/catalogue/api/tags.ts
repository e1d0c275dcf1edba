// GET manage/tags/: every tag, of every kind.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchTags = () => coordinationApi.get<Tag[]>('manage/tags/').then((r) => r.data);

export const tagsQuery = () => queryOptions({ queryKey: queryKeys.catalogue.tags(), queryFn: fetchTags });

export const useTags = () => useQuery(tagsQuery());

// OPTIONS manage/tags/: the kinds a tag can have, with their labels.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TagKind } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface TagOptions {
  kinds: { value: TagKind; display_name: string }[];
}

export const fetchTagOptions = () => coordinationApi.options<TagOptions>('manage/tags/').then((r) => r.data);

export const tagOptionsQuery = () =>
  queryOptions({ queryKey: queryKeys.catalogue.tagOptions(), queryFn: fetchTagOptions });

export const useTagOptions = () => useQuery(tagOptionsQuery());

// GET /api/case/metadata/: states, tags, resolutions and roles (the All cases filters use the tags).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseListMetadata } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchListMetadata = () =>
  coordinationApi.get<CaseListMetadata>('api/case/metadata/').then((r) => r.data);

export const listMetadataQuery = () =>
  queryOptions({ queryKey: queryKeys.desk.metadata(), queryFn: fetchListMetadata });

export const useListMetadata = () => useQuery(listMetadataQuery());

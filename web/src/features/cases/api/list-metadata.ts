// GET /api/case/metadata/: states, tags, resolutions and roles (closing a case picks a resolution).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaseListMetadata } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchCaseListMetadata = () =>
  coordinationApi.get<CaseListMetadata>('api/case/metadata/').then((r) => r.data);

export const caseListMetadataQuery = () =>
  queryOptions({ queryKey: queryKeys.cases.listMetadata(), queryFn: fetchCaseListMetadata });

export const useCaseListMetadata = () => useQuery(caseListMetadataQuery());

// GET manage/csaf/profiles/ (administrators): who publishes the CSAF documents of the advisories.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CsafProfile, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { pageRows } from './page-rows.ts';

export const fetchCsafProfiles = () =>
  coordinationApi
    .get<CsafProfile[] | PageOf<CsafProfile>>('manage/csaf/profiles/', { params: { page_size: 200 } })
    .then((r) => pageRows(r.data));

export const csafProfilesQuery = () =>
  queryOptions({ queryKey: queryKeys.advisories.csafProfiles(), queryFn: fetchCsafProfiles });

export const useCsafProfiles = () => useQuery(csafProfilesQuery());

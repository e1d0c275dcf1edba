// GET /api/ingest/{id}/: an ingest job's counts, polled every second while it runs.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IngestJob } from '@cvdp/core/scoring/index';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchIngestJob = (id: number) =>
  scoringApi.get<IngestJob>(`api/ingest/${id}/`).then((r) => r.data);

/** `id` undefined: no upload yet, nothing is fetched. */
export const ingestJobQuery = (id: number | undefined) =>
  queryOptions({
    queryKey: queryKeys.scoring.ingestJob(id ?? 0),
    queryFn: () => fetchIngestJob(id!),
    enabled: id !== undefined,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 1000 : false),
  });

export const useIngestJob = (id: number | undefined) => useQuery(ingestJobQuery(id));

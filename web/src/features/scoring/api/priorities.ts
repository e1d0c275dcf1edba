// GET /api/priorities/: the software priorities that order the queue.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SoftwarePriority } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchPriorities = () =>
  scoringApi.get<SoftwarePriority[]>('api/priorities/').then((r) => r.data);

export const prioritiesQuery = () =>
  queryOptions({ queryKey: queryKeys.scoring.priorities(), queryFn: fetchPriorities });

export const usePriorities = () => useQuery(prioritiesQuery());

// POST /api/priorities/: a vendor (and product) or a CPE pattern with a weight.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SoftwarePriority, priorityCreateSchema } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type PriorityCreateBody = z.output<typeof priorityCreateSchema>;

export const createPriority = (body: PriorityCreateBody) =>
  scoringApi.post<SoftwarePriority>('api/priorities/', body).then((r) => r.data);

export function useCreatePriority() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPriority,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.scoring.priorities() }),
  });
}

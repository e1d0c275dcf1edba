// POST /api/assignments/: newly ingested records of a vendor or CWE class go to the scorer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { StandingAssignment, standingAssignmentCreateSchema } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type AssignmentCreateBody = z.output<typeof standingAssignmentCreateSchema>;

export const createAssignment = (body: AssignmentCreateBody) =>
  scoringApi.post<StandingAssignment>('api/assignments/', body).then((r) => r.data);

export function useCreateAssignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAssignment,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.scoring.assignments() }),
  });
}

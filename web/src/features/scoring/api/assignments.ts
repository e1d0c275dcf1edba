// GET /api/assignments/: the standing assignments (a scorer takes a vendor or a CWE class).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StandingAssignment } from '@cvdp/core/scoring/work';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchAssignments = () =>
  scoringApi.get<StandingAssignment[]>('api/assignments/').then((r) => r.data);

export const assignmentsQuery = () =>
  queryOptions({ queryKey: queryKeys.scoring.assignments(), queryFn: fetchAssignments });

export const useAssignments = () => useQuery(assignmentsQuery());

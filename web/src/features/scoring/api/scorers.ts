// GET /api/users/: the scorers, to assign work to and to filter insights by.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { scoringApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface Scorer {
  id: number;
  name: string;
  email: string;
}

export const fetchScorers = () => scoringApi.get<Scorer[]>('api/users/').then((r) => r.data);

export const scorersQuery = () =>
  queryOptions({ queryKey: queryKeys.scoring.scorers(), queryFn: fetchScorers });

export const useScorers = () => useQuery(scorersQuery());

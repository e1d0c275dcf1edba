// POST manage/connections/: a new connection with both tokens (written, never read back).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Connection, ConnectionCreate } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createConnection = (input: ConnectionCreate) =>
  coordinationApi.post<Connection>('manage/connections/', input).then((r) => r.data);

export function useCreateConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createConnection,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.catalogue.connections() }),
  });
}

// PATCH manage/connection/{id}/: a token given replaces the stored one (neither is ever read back).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Connection, ConnectionCreate } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ConnectionUpdate = Partial<ConnectionCreate>;

export const updateConnection = (id: number, input: ConnectionUpdate) =>
  coordinationApi.patch<Connection>(`manage/connection/${id}/`, input).then((r) => r.data);

export function useUpdateConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ConnectionUpdate }) => updateConnection(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.catalogue.connections() }),
  });
}

/** The Enabled switch: it moves at once; the list is read again after the call (a refusal puts it back). */
export function useToggleConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: Connection) => updateConnection(c.id, { enabled: !c.enabled }),
    onMutate: (c: Connection) =>
      client.setQueryData<Connection[]>(queryKeys.catalogue.connections(), (old) =>
        old?.map((x) => (x.id === c.id ? { ...x, enabled: !c.enabled } : x)),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.catalogue.connections() }),
  });
}

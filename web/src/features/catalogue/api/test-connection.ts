// POST manage/connection/{id}/test/: whether the other instance answered our token.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ConnectionTestResult {
  ok: boolean;
  /** The only three answers: a CVDP accepted our token, anything else, or the outbound policy refused it. */
  outcome: 'reachable' | 'unreachable' | 'refused';
  detail: string;
  /** The other instance's name for itself, when it answered. */
  instance?: string;
}

export const testConnection = (id: number) =>
  coordinationApi.post<ConnectionTestResult>(`manage/connection/${id}/test/`).then((r) => r.data);

/**
 * `onAnswer` hears every test's outcome, also when tests of several connections overlap (a call's own
 * mutate callbacks fire for the last call only).
 */
export function useTestConnection(onAnswer?: {
  onSuccess?(result: ConnectionTestResult, id: number): void;
  onError?(error: unknown, id: number): void;
}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: testConnection,
    onSuccess: (result, id) => {
      onAnswer?.onSuccess?.(result, id);
      // A successful test moves the last contact.
      return client.invalidateQueries({ queryKey: queryKeys.catalogue.connections() });
    },
    onError: (error, id) => onAnswer?.onError?.(error, id),
  });
}

// POST (the first decision) or PATCH (`replace`) /api/case/vul/{id}/ssvc/ (staff): a decision is the table
// and the decision-point values; the outcome is the server's, never sent.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SsvcDecisionView } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { VulRef } from './vul-ref.ts';

export const saveSsvc = (vulId: number, table: string, values: Record<string, string>, replace: boolean) =>
  coordinationApi
    .request<SsvcDecisionView>({
      method: replace ? 'patch' : 'post',
      url: `api/case/vul/${vulId}/ssvc/`,
      data: { table, values },
    })
    .then((r) => r.data);

export interface SsvcDecisionInput {
  table: string;
  values: Record<string, string>;
  /** The vulnerability already has a decision. */
  replace: boolean;
}

/**
 * The refresh (the vulnerability's outcome, its history, the list's badge) is not awaited: the step form
 * closes (the caller's onSuccess) as soon as the decision is saved.
 */
export function useSaveSsvc(vul: VulRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ table, values, replace }: SsvcDecisionInput) => saveSsvc(vul.id, table, values, replace),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.vuls.all(vul.case) });
    },
  });
}

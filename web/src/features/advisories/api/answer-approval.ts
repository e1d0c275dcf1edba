// PATCH /api/case/approvals/{id}/ (the asked vendor's members): approve, or ask for changes with a comment.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Approval, ApprovalAnswerInput } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const answerApproval = (approvalId: number, answer: ApprovalAnswerInput) =>
  coordinationApi.patch<Approval>(`api/case/approvals/${approvalId}/`, answer).then((r) => r.data);

/** The answer to one approval of the case's advisory: the case's advisory is refreshed after it. */
export function useAnswerApproval(caseId: number, approvalId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: ApprovalAnswerInput) => answerApproval(approvalId, answer),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.advisories.all(caseId) }),
  });
}

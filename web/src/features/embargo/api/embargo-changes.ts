// The embargo's changes: propose (POST …/embargo/proposals/), answer or decide (PATCH
// api/case/embargo/proposals/{id}/), end early (POST …/embargo/exit/), report a breach (POST …/embargo/breach/).
// Each answers the embargo as it now is: the card shows it at once, and its log is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EmbargoAnswerInput,
  EmbargoBreachInput,
  EmbargoExitInput,
  EmbargoProposalInput,
  EmbargoView,
} from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const proposeEmbargo = (caseId: number, body: EmbargoProposalInput) =>
  coordinationApi.post<EmbargoView>(`api/case/${caseId}/embargo/proposals/`, body).then((r) => r.data);
export const answerEmbargoProposal = (proposalId: number, body: EmbargoAnswerInput) =>
  coordinationApi.patch<EmbargoView>(`api/case/embargo/proposals/${proposalId}/`, body).then((r) => r.data);
export const exitEmbargo = (caseId: number, body: EmbargoExitInput) =>
  coordinationApi.post<EmbargoView>(`api/case/${caseId}/embargo/exit/`, body).then((r) => r.data);
export const reportEmbargoBreach = (caseId: number, body: EmbargoBreachInput) =>
  coordinationApi.post<EmbargoView>(`api/case/${caseId}/embargo/breach/`, body).then((r) => r.data);

function useEmbargoChange<I>(caseId: number, call: (input: I) => Promise<EmbargoView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (view) => {
      client.setQueryData(queryKeys.embargo.view(caseId), view);
      return client.invalidateQueries({ queryKey: queryKeys.embargo.all(caseId) });
    },
  });
}

export const useProposeEmbargo = (caseId: number) =>
  useEmbargoChange(caseId, (body: EmbargoProposalInput) => proposeEmbargo(caseId, body));
export const useAnswerEmbargoProposal = (caseId: number) =>
  useEmbargoChange(caseId, ({ id, ...body }: EmbargoAnswerInput & { id: number }) =>
    answerEmbargoProposal(id, body),
  );
export const useExitEmbargo = (caseId: number) =>
  useEmbargoChange(caseId, (body: EmbargoExitInput) => exitEmbargo(caseId, body));
export const useReportEmbargoBreach = (caseId: number) =>
  useEmbargoChange(caseId, (body: EmbargoBreachInput) => reportEmbargoBreach(caseId, body));

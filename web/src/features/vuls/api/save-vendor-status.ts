// POST /api/case/{id}/vendors/status/: one cell of the grid (a vendor's members their own row, staff any).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorStatusCell, VendorStatusInput } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const saveVendorStatus = (caseId: number, input: VendorStatusInput) =>
  coordinationApi.post<VendorStatusCell>(`api/case/${caseId}/vendors/status/`, input).then((r) => r.data);

/** The grid is read again before the caller's onSuccess runs. */
export function useSaveVendorStatus(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: VendorStatusInput) => saveVendorStatus(caseId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.vuls.vendorStatus(caseId) }),
  });
}

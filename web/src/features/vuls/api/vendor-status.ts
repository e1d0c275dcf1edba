// GET /api/case/{id}/vendors/status/: the vendor × vulnerability status grid, with the rows the caller may set.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorStatusGrid } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchVendorStatus = (caseId: number) =>
  coordinationApi.get<VendorStatusGrid>(`api/case/${caseId}/vendors/status/`).then((r) => r.data);

export const vendorStatusQuery = (caseId: number) =>
  queryOptions({ queryKey: queryKeys.vuls.vendorStatus(caseId), queryFn: () => fetchVendorStatus(caseId) });

export const useVendorStatus = (caseId: number) => useQuery(vendorStatusQuery(caseId));

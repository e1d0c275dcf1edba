// GET manage/activity/ (admins): a filtered page of the changes outside any case, with who made them and what
// the object was before and after.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const AUDIT_PAGE_SIZE = 25;

export interface AuditFilter {
  page: number;
  object_type: string;
  /** A user id, '' for anyone. */
  actor: string;
  /** yyyy-MM-dd, inclusive; '' for open. */
  since: string;
  until: string;
}

export const fetchAudit = (f: AuditFilter) =>
  coordinationApi
    .get<PageOf<AuditEntry>>('manage/activity/', {
      params: {
        page: f.page,
        page_size: AUDIT_PAGE_SIZE,
        ...(f.object_type ? { object_type: f.object_type } : {}),
        ...(f.actor ? { actor: f.actor } : {}),
        ...(f.since ? { since: f.since } : {}),
        ...(f.until ? { until: f.until } : {}),
      },
    })
    .then((r) => r.data);

export const auditLogQuery = (f: AuditFilter) =>
  queryOptions({
    queryKey: queryKeys.audit.list(f),
    queryFn: () => fetchAudit(f),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (f: AuditFilter) => useQuery(auditLogQuery(f));

// The admin audit list (GET manage/activity/): changes outside any case with who made them and what the
// object was before and after; and the people an administrator can filter it by.
import type { AdminUser, AuditEntry, PageOf } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';

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

/** People whose name or email matches (the actor filter's suggestions). */
export const searchUsers = (search: string) =>
  coordinationApi
    .get<PageOf<AdminUser>>('manage/users/', { params: { page: 1, search } })
    .then((r) => r.data.results);

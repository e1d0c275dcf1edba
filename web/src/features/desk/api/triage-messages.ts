// GET /api/triage/messages/ (staff): the bulk close's messages to reporters, the message templates an
// administrator edits under Email templates.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TriageMessage } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchTriageMessages = () =>
  coordinationApi.get<TriageMessage[]>('api/triage/messages/').then((r) => r.data);

export const triageMessagesQuery = () =>
  queryOptions({ queryKey: queryKeys.desk.triageMessages(), queryFn: fetchTriageMessages });

export const useTriageMessages = (enabled = true) => useQuery({ ...triageMessagesQuery(), enabled });

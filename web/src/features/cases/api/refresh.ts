// What a change of the case's people refreshes: shared by the hooks of those changes (not a call of its own).
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';

/** After assigning or unassigning: the assignments and the activity. */
export const refreshAssignments = (client: QueryClient, caseId: number) =>
  Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.cases.assignments(caseId) }),
    client.invalidateQueries({ queryKey: queryKeys.cases.activityAll(caseId) }),
  ]);

/** After any change to the participants: their list and summary, the activity and the case. */
export const refreshParticipants = (client: QueryClient, caseId: number) =>
  Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.cases.participantsAll(caseId) }),
    client.invalidateQueries({ queryKey: queryKeys.cases.activityAll(caseId) }),
    client.invalidateQueries({ queryKey: queryKeys.cases.detail(caseId) }),
  ]);

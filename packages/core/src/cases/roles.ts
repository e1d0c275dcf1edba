// How someone takes part in a case (DESIGN §5). A participant row is a user or a group; a group's members
// hold its role. "Staff" (coordinators and admins) see every case without being participants.
export const CASE_ROLES = ['owner', 'coordinator', 'reporter', 'vendor', 'participant', 'observer'] as const;
export type CaseRole = (typeof CASE_ROLES)[number];

export const isCaseRole = (value: string): value is CaseRole =>
  (CASE_ROLES as readonly string[]).includes(value);

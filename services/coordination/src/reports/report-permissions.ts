// Who may do what with a case's report, beyond seeing the case (SPEC §6, DESIGN §5): the reporter who
// submitted it and staff may edit it; only staff may read the original once it has been edited.
import { type AuthUser, isStaff } from '@cvdp/server-kit';
import type { ReportRow } from './report-store.ts';

export const mayEditReport = (user: AuthUser, report: Pick<ReportRow, 'submittedBy'>) =>
  isStaff(user) || report.submittedBy === user.id;

export const mayReadOriginal = (user: AuthUser) => isStaff(user);

export const EDIT_FORBIDDEN_MESSAGE = 'Only the reporter and coordinators can edit this report.';
export const ORIGINAL_FORBIDDEN_MESSAGE = 'Only coordinators can read the original report.';

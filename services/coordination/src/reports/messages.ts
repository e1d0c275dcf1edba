// What the report calls answer when the policy says no.
export const EDIT_FORBIDDEN_MESSAGE = 'Only the reporter and coordinators can edit this report.';
export const ORIGINAL_FORBIDDEN_MESSAGE = 'Only coordinators can read the original report.';

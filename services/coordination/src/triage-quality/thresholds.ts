// Every number of the triage score in one place. The score starts at 100; each weak point takes its weight
// off, a reporter with a record of valid reports adds theirs; the label is read from the result. Not tuned
// on data yet (issue 28 asks for an ordering, not a filter): a change here changes only the order and labels.

export const WEIGHTS = {
  missing_steps: 25,
  missing_version: 15,
  no_poc: 15,
  common_text: 25,
  reporter_not_vulnerability: 30,
  /** Added, not taken off. */
  reporter_valid_history: 15,
} as const;

/** Below this score a report is "weak"; below STRONG_MIN "fair"; else "strong". */
export const WEAK_BELOW = 50;
export const STRONG_MIN = 80;

/**
 * "Text that matches many other reports": at least this share of the report's lexemes are common (migration
 * triage_quality: each in more than max(50, 2 %) of all reports and CVE records, the duplicates domain's
 * "not rare"), once there are at least COMMON_MIN_ROWS of them.
 */
export const COMMON_TEXT_SHARE = 0.75;
export const COMMON_MIN_ROWS = 100;

/**
 * "Several reports closed as not a vulnerability in a short time": this many within this many days. The
 * reporters' records (migration reporter_records, cvdp_refresh_reporter_record) keep this many latest closures
 * and use the resolution names below: a change here needs a migration that makes that function again
 * (quality.test.ts checks they agree).
 */
export const NOT_VULNERABILITY_MIN = 3;
export const NOT_VULNERABILITY_DAYS = 30;
/** "A history of valid reports": this many earlier reports that became active cases not closed as invalid. */
export const VALID_HISTORY_MIN = 2;

/** Resolutions that make a case an invalid report (lower-cased names of resolution_options). */
export const NOT_VULNERABILITY_RESOLUTION = 'not a vulnerability';
export const INVALID_RESOLUTIONS = ['not a vulnerability', 'duplicate'];

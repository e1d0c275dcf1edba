// Qualitative severity rating (SPEC §4): 9 and above CRITICAL, 7 HIGH, 4 MEDIUM, 0.1 LOW, else NONE.
// Names as in the CVSS 4.0 JSON schema (baseSeverity).

export const CVSS4_SEVERITIES = ['NONE', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export type Cvss4Severity = (typeof CVSS4_SEVERITIES)[number];

/** Severity of a score that is already rounded to one decimal (as every engine score is). */
export function cvss4Severity(score: number): Cvss4Severity {
  if (score >= 9) return 'CRITICAL';
  if (score >= 7) return 'HIGH';
  if (score >= 4) return 'MEDIUM';
  if (score >= 0.1) return 'LOW';
  return 'NONE';
}

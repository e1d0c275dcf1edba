// The question wording of a stored report (DESIGN §5 "Report storage"). It is an API contract: other
// instances and API clients read reports by these exact texts, so they are defined here once and used by
// the form, the server and the edit prefill alike. Never reword one without a data migration.

export const REPORT_QUESTIONS = {
  title: 'Title',
  product: 'Product',
  notified: 'Have you notified the vendor?',
  vendor_contact: 'Vendor contact',
  disclosure_plans: 'Do you have plans to disclose this vulnerability?',
  disclosure_details: 'Disclosure plans',
  cve_assignment: 'CVE assignment',
} as const;

/** The answer is the stored file's name; the file itself is an artifact of the case. */
export const POC_QUESTION = 'Proof of concept';

/** Its answer is the list of vulnerabilities, each a list of question/answer pairs. */
export const VULNERABILITIES_QUESTION = 'Describe the vulnerabilities';

export const VULNERABILITY_QUESTIONS = {
  description: 'Description',
  cwes: 'Problem types (CWE)',
  showCvss: 'Do you want to provide a CVSS score?',
  cvss: 'CVSS v4.0 vector',
  disclosed: 'Has this vulnerability been publicly disclosed?',
  references: 'References',
  active_exploitation: 'Is this vulnerability being actively exploited?',
  exploit_proof: 'Evidence of active exploitation',
} as const;

export type ReportTextField = keyof typeof REPORT_QUESTIONS;
export type VulnerabilityField = keyof typeof VULNERABILITY_QUESTIONS;

/** Order of the report-level fields in a stored report: the order the form shows them. */
export const REPORT_FIELDS_BEFORE_VULNERABILITIES = [
  'title',
  'product',
  'notified',
  'vendor_contact',
] as const;
export const REPORT_FIELDS_AFTER_VULNERABILITIES = [
  'disclosure_plans',
  'disclosure_details',
  'cve_assignment',
] as const;
export const VULNERABILITY_FIELDS = Object.keys(VULNERABILITY_QUESTIONS) as VulnerabilityField[];

const invert = <K extends string>(map: Record<K, string>) =>
  new Map(Object.entries(map).map(([field, question]) => [question as string, field as K]));

/** question wording → field name, for reading stored reports. */
export const REPORT_FIELD_BY_QUESTION: ReadonlyMap<string, ReportTextField> = invert(REPORT_QUESTIONS);
export const VULNERABILITY_FIELD_BY_QUESTION: ReadonlyMap<string, VulnerabilityField> =
  invert(VULNERABILITY_QUESTIONS);

// Valid reports for tests (core, server and web): start from these and break one thing at a time.
import { CVSS4_DEFAULT_VECTOR } from '../../src/cvss4/index.ts';
import type { ReportFormValues, VulnerabilityFormValues } from '../../src/report/form-values.ts';
import { reportToQuestions, type ReportQuestionList } from '../../src/report/question-list.ts';

export const SAMPLE_CVSS_VECTOR = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';
export const SAMPLE_CVSS_31_VECTOR = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H';
export { CVSS4_DEFAULT_VECTOR };

export function sampleVulnerability(
  overrides: Partial<VulnerabilityFormValues> = {},
): VulnerabilityFormValues {
  return {
    description: 'SQL injection in the search box',
    cwes: ['CWE-89'],
    showCvss: 'Yes',
    cvss: SAMPLE_CVSS_VECTOR,
    disclosed: 'No',
    references: '',
    active_exploitation: 'No',
    exploit_proof: '',
    ...overrides,
  };
}

export function sampleReportValues(overrides: Partial<ReportFormValues> = {}): ReportFormValues {
  return {
    title: 'SQL injection in Acme Shop',
    product: 'Acme Shop 2.3',
    notified: 'Yes',
    vendor_contact: 'security@acme.example',
    disclosure_plans: 'No',
    disclosure_details: '',
    cve_assignment: '',
    vulnerabilities: [sampleVulnerability()],
    ...overrides,
  };
}

export function sampleReportQuestions(
  overrides: Partial<ReportFormValues> = {},
  options: { pocFileName?: string | null } = {},
): ReportQuestionList {
  return reportToQuestions(sampleReportValues(overrides), options);
}

// The report form's values: one flat object per report, one per vulnerability. Yes/No questions hold ''
// until answered, so "not answered" and "No" stay different.

export const MIN_VULNERABILITIES = 1;
export const MAX_VULNERABILITIES = 20;

export type YesNo = 'Yes' | 'No';
export type YesNoValue = YesNo | '';
export const YES_NO: readonly YesNo[] = ['Yes', 'No'];

export interface VulnerabilityFormValues {
  description: string;
  cwes: string[];
  showCvss: YesNoValue;
  cvss: string;
  disclosed: YesNoValue;
  references: string;
  active_exploitation: YesNoValue;
  exploit_proof: string;
}

export interface ReportFormValues {
  title: string;
  product: string;
  notified: YesNoValue;
  vendor_contact: string;
  disclosure_plans: YesNoValue;
  disclosure_details: string;
  cve_assignment: string;
  vulnerabilities: VulnerabilityFormValues[];
}

export function emptyVulnerability(): VulnerabilityFormValues {
  return {
    description: '',
    cwes: [],
    showCvss: '',
    cvss: '',
    disclosed: '',
    references: '',
    active_exploitation: '',
    exploit_proof: '',
  };
}

export function emptyReportForm(): ReportFormValues {
  return {
    title: '',
    product: '',
    notified: '',
    vendor_contact: '',
    disclosure_plans: '',
    disclosure_details: '',
    cve_assignment: '',
    vulnerabilities: [emptyVulnerability()],
  };
}

/** Clone copies the whole entry, CVSS included (a deep copy, so editing the clone leaves the source alone). */
export function cloneVulnerability(v: VulnerabilityFormValues): VulnerabilityFormValues {
  return { ...v, cwes: [...v.cwes] };
}

/** Whitespace alone is no answer. */
export const hasText = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

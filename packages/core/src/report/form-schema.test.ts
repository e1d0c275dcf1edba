import { describe, expect, it } from 'vitest';
import {
  CVSS_INCOMPLETE_MESSAGE,
  CWE_LIMIT_MESSAGE,
  DESCRIPTION_REQUIRED_MESSAGE,
  MAX_VULNERABILITIES_MESSAGE,
  MIN_VULNERABILITIES_MESSAGE,
  QUESTION_REQUIRED_MESSAGE,
  REQUIRED_MESSAGE,
  YES_NO_MESSAGE,
  emptyReportForm,
  reportFormSchema,
  shownFieldMessage,
  tooLongMessage,
  SHORT_TEXT_MAX,
  type ReportFormValues,
} from './index.ts';
import {
  SAMPLE_CVSS_31_VECTOR,
  sampleReportValues,
  sampleVulnerability,
} from '../../testing/report/test-fixtures.ts';

/** field path → messages, the way the form and the API see them. */
function errorsOf(values: unknown): Record<string, string[]> {
  const result = reportFormSchema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('reportFormSchema', () => {
  it('accepts a complete report and normalises CWE ids', () => {
    const result = reportFormSchema.safeParse(
      sampleReportValues({ vulnerabilities: [sampleVulnerability({ cwes: ['79', 'cwe-89'] })] }),
    );
    expect(result.success).toBe(true);
    expect(result.data?.vulnerabilities[0].cwes).toEqual(['CWE-79', 'CWE-89']);
  });

  it('gives every missing field of an empty form its own message at once', () => {
    expect(errorsOf(emptyReportForm())).toEqual({
      title: [REQUIRED_MESSAGE],
      product: [REQUIRED_MESSAGE],
      notified: [REQUIRED_MESSAGE],
      vendor_contact: [REQUIRED_MESSAGE],
      disclosure_plans: [REQUIRED_MESSAGE],
      'vulnerabilities.0.description': [DESCRIPTION_REQUIRED_MESSAGE],
      'vulnerabilities.0.disclosed': [QUESTION_REQUIRED_MESSAGE],
    });
  });

  it('treats whitespace as no answer', () => {
    expect(errorsOf(sampleReportValues({ title: '   ', product: '\n' }))).toEqual({
      title: [REQUIRED_MESSAGE],
      product: [REQUIRED_MESSAGE],
    });
  });

  it('requires disclosure details only when disclosure plans are Yes, even when other fields fail too', () => {
    expect(errorsOf(sampleReportValues({ disclosure_plans: 'No' }))).toEqual({});
    expect(
      errorsOf(sampleReportValues({ disclosure_plans: 'Yes', disclosure_details: 'Blog post in May' })),
    ).toEqual({});
    expect(
      errorsOf(sampleReportValues({ disclosure_plans: 'Yes', title: '', notified: 'Maybe' as never })),
    ).toEqual({
      title: [REQUIRED_MESSAGE],
      notified: [YES_NO_MESSAGE],
      disclosure_details: [REQUIRED_MESSAGE],
    });
  });

  it('tracks every error of every vulnerability, not one per vulnerability', () => {
    const broken = sampleVulnerability({
      description: '',
      disclosed: '',
      cwes: ['1', '2', '3', '4', '5', '6'],
    });
    expect(
      errorsOf(sampleReportValues({ vulnerabilities: [sampleVulnerability(), broken, broken] })),
    ).toEqual({
      'vulnerabilities.1.description': [DESCRIPTION_REQUIRED_MESSAGE],
      'vulnerabilities.1.disclosed': [QUESTION_REQUIRED_MESSAGE],
      'vulnerabilities.1.cwes': [CWE_LIMIT_MESSAGE],
      'vulnerabilities.2.description': [DESCRIPTION_REQUIRED_MESSAGE],
      'vulnerabilities.2.disclosed': [QUESTION_REQUIRED_MESSAGE],
      'vulnerabilities.2.cwes': [CWE_LIMIT_MESSAGE],
    });
  });

  it('allows 5 CWEs and refuses a sixth', () => {
    const five = ['CWE-1', 'CWE-2', 'CWE-3', 'CWE-4', 'CWE-5'];
    expect(errorsOf(sampleReportValues({ vulnerabilities: [sampleVulnerability({ cwes: five })] }))).toEqual(
      {},
    );
    expect(
      errorsOf(sampleReportValues({ vulnerabilities: [sampleVulnerability({ cwes: [...five, 'CWE-6'] })] })),
    ).toEqual({ 'vulnerabilities.0.cwes': [CWE_LIMIT_MESSAGE] });
  });

  it('takes 1 to 20 vulnerabilities', () => {
    const many = (n: number) =>
      sampleReportValues({ vulnerabilities: Array.from({ length: n }, () => sampleVulnerability()) });
    expect(errorsOf(many(0))).toEqual({ vulnerabilities: [MIN_VULNERABILITIES_MESSAGE] });
    expect(errorsOf(many(1))).toEqual({});
    expect(errorsOf(many(20))).toEqual({});
    expect(errorsOf(many(21))).toEqual({ vulnerabilities: [MAX_VULNERABILITIES_MESSAGE] });
  });

  it('checks the CVSS vector only when the reporter chose to give one', () => {
    const withCvss = (showCvss: 'Yes' | 'No' | '', cvss: string) =>
      errorsOf(sampleReportValues({ vulnerabilities: [sampleVulnerability({ showCvss, cvss })] }));
    expect(withCvss('No', SAMPLE_CVSS_31_VECTOR)).toEqual({});
    expect(withCvss('', 'nonsense')).toEqual({});
    expect(withCvss('Yes', '')).toEqual({ 'vulnerabilities.0.cvss': [CVSS_INCOMPLETE_MESSAGE] });
    const v31 = withCvss('Yes', SAMPLE_CVSS_31_VECTOR)['vulnerabilities.0.cvss'];
    expect(v31).toHaveLength(1);
    expect(v31[0]).toMatch(/^invalid CVSS v4\.0 vector/);
    expect(withCvss('Yes', 'CVSS:4.0/AV:N')['vulnerabilities.0.cvss']).toHaveLength(1);
  });

  it('caps text lengths', () => {
    expect(errorsOf(sampleReportValues({ title: 'x'.repeat(SHORT_TEXT_MAX + 1) }))).toEqual({
      title: [tooLongMessage(SHORT_TEXT_MAX)],
    });
  });

  it('refuses answers that are not Yes or No to yes/no questions', () => {
    const values = sampleReportValues({
      vulnerabilities: [sampleVulnerability({ active_exploitation: 'yes' as never })],
    }) satisfies ReportFormValues;
    expect(errorsOf(values)).toEqual({ 'vulnerabilities.0.active_exploitation': [YES_NO_MESSAGE] });
  });
});

describe('shownFieldMessage', () => {
  it('shows a missing description as the common required message and leaves the rest alone', () => {
    expect(shownFieldMessage(DESCRIPTION_REQUIRED_MESSAGE)).toBe('This field is required.');
    expect(shownFieldMessage(QUESTION_REQUIRED_MESSAGE)).toBe('This question is required');
    expect(shownFieldMessage(CWE_LIMIT_MESSAGE)).toBe('Max limit of 5 CWEs');
  });
});

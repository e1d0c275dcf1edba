import { describe, expect, it } from 'vitest';
import {
  POC_QUESTION,
  REPORT_QUESTIONS,
  VULNERABILITIES_QUESTION,
  VULNERABILITY_QUESTIONS,
  cloneVulnerability,
  questionsToReport,
  questionsToReportForm,
  reportPocFileName,
  reportTitle,
  reportToQuestions,
  withPocFileName,
} from './index.ts';
import {
  SAMPLE_CVSS_VECTOR,
  sampleReportValues,
  sampleVulnerability,
} from '../../testing/report/test-fixtures.ts';

describe('question wording (an API contract: DESIGN §5)', () => {
  it('is exactly the agreed text', () => {
    expect(REPORT_QUESTIONS).toEqual({
      title: 'Title',
      product: 'Product',
      notified: 'Have you notified the vendor?',
      vendor_contact: 'Vendor contact',
      disclosure_plans: 'Do you have plans to disclose this vulnerability?',
      disclosure_details: 'Disclosure plans',
      cve_assignment: 'CVE assignment',
    });
    expect(POC_QUESTION).toBe('Proof of concept');
    expect(VULNERABILITIES_QUESTION).toBe('Describe the vulnerabilities');
    expect(VULNERABILITY_QUESTIONS).toEqual({
      description: 'Description',
      cwes: 'Problem types (CWE)',
      showCvss: 'Do you want to provide a CVSS score?',
      cvss: 'CVSS v4.0 vector',
      disclosed: 'Has this vulnerability been publicly disclosed?',
      references: 'References',
      active_exploitation: 'Is this vulnerability being actively exploited?',
      exploit_proof: 'Evidence of active exploitation',
    });
  });
});

describe('reportToQuestions', () => {
  it('writes the list in form order, with the poc name and without empty answers', () => {
    const list = reportToQuestions(sampleReportValues({ cve_assignment: '  ' }), { pocFileName: 'poc.py' });
    expect(list).toEqual([
      { question: 'Title', answer: 'SQL injection in Acme Shop' },
      { question: 'Product', answer: 'Acme Shop 2.3' },
      { question: 'Have you notified the vendor?', answer: 'Yes' },
      { question: 'Vendor contact', answer: 'security@acme.example' },
      { question: 'Proof of concept', answer: 'poc.py' },
      {
        question: 'Describe the vulnerabilities',
        answer: [
          [
            { question: 'Description', answer: 'SQL injection in the search box' },
            { question: 'Problem types (CWE)', answer: ['CWE-89'] },
            { question: 'Do you want to provide a CVSS score?', answer: 'Yes' },
            { question: 'CVSS v4.0 vector', answer: SAMPLE_CVSS_VECTOR },
            { question: 'Has this vulnerability been publicly disclosed?', answer: 'No' },
            { question: 'Is this vulnerability being actively exploited?', answer: 'No' },
          ],
        ],
      },
      { question: 'Do you have plans to disclose this vulnerability?', answer: 'No' },
    ]);
  });

  it('leaves out answers the form hides', () => {
    const list = reportToQuestions(
      sampleReportValues({
        disclosure_plans: 'No',
        disclosure_details: 'stale text from before No was chosen',
        vulnerabilities: [
          sampleVulnerability({
            showCvss: 'No',
            cvss: SAMPLE_CVSS_VECTOR,
            disclosed: 'No',
            references: 'https://stale.example',
            active_exploitation: '',
            exploit_proof: 'stale',
          }),
        ],
      }),
    );
    const text = JSON.stringify(list);
    expect(text).not.toContain('stale');
    expect(text).not.toContain(SAMPLE_CVSS_VECTOR);
    expect(text).not.toContain('Disclosure plans"');
  });

  it('keeps answers the form shows', () => {
    const values = sampleReportValues({
      disclosure_plans: 'Yes',
      disclosure_details: 'Talk at a conference',
      vulnerabilities: [
        sampleVulnerability({
          disclosed: 'Yes',
          references: 'https://blog.example/post',
          active_exploitation: 'Yes',
          exploit_proof: 'Seen in the wild',
        }),
      ],
    });
    expect(questionsToReport(reportToQuestions(values))).toEqual(values);
  });
});

describe('questionsToReport / questionsToReportForm', () => {
  it('round-trips form values', () => {
    const values = sampleReportValues({
      cve_assignment: 'Please assign one',
      vulnerabilities: [
        sampleVulnerability(),
        sampleVulnerability({ description: 'second', cwes: [], showCvss: 'No', cvss: '' }),
      ],
    });
    expect(questionsToReport(reportToQuestions(values))).toEqual(values);
  });

  it('sets showCvss to Yes when a loaded vulnerability has a vector', () => {
    const list = [
      {
        question: VULNERABILITIES_QUESTION,
        answer: [[{ question: VULNERABILITY_QUESTIONS.cvss, answer: SAMPLE_CVSS_VECTOR }]],
      },
    ];
    const values = questionsToReportForm(list);
    expect(values.vulnerabilities[0]).toMatchObject({ showCvss: 'Yes', cvss: SAMPLE_CVSS_VECTOR });
  });

  it('gives the edit form one entry to fill when the stored report has none, and ignores junk', () => {
    const values = questionsToReportForm([{ question: 'Title', answer: 'T' }, { nonsense: true }, 'x', null]);
    expect(values.title).toBe('T');
    expect(values.vulnerabilities).toHaveLength(1);
    expect(questionsToReportForm('not a list').vulnerabilities).toHaveLength(1);
  });

  it('reads CWEs given as comma-separated text', () => {
    const list = [
      {
        question: VULNERABILITIES_QUESTION,
        answer: [[{ question: VULNERABILITY_QUESTIONS.cwes, answer: '79, cwe-89' }]],
      },
    ];
    expect(questionsToReport(list).vulnerabilities[0].cwes).toEqual(['CWE-79', 'CWE-89']);
  });
});

describe('helpers', () => {
  it('reads the title and the poc file name', () => {
    const list = reportToQuestions(sampleReportValues(), { pocFileName: 'exploit.zip' });
    expect(reportTitle(list)).toBe('SQL injection in Acme Shop');
    expect(reportPocFileName(list)).toBe('exploit.zip');
    expect(reportPocFileName(reportToQuestions(sampleReportValues()))).toBeNull();
  });

  it('clones a vulnerability deeply, CVSS included', () => {
    const source = sampleVulnerability();
    const copy = cloneVulnerability(source);
    expect(copy).toEqual(source);
    copy.cwes.push('CWE-79');
    expect(source.cwes).toEqual(['CWE-89']);
  });
});

describe('withPocFileName', () => {
  it('sets, replaces and removes the proof-of-concept answer in its place', () => {
    const list = reportToQuestions(sampleReportValues(), { pocFileName: 'client-said.exe' });
    const renamed = withPocFileName(list, 'stored.txt');
    expect(renamed).toEqual(reportToQuestions(sampleReportValues(), { pocFileName: 'stored.txt' }));
    expect(renamed[4]).toEqual({ question: POC_QUESTION, answer: 'stored.txt' });
    expect(reportPocFileName(withPocFileName(list, null))).toBeNull();
  });
});

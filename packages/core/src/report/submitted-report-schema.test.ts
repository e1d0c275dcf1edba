import { describe, expect, it } from 'vitest';
import {
  CWE_ANSWER_MESSAGE,
  CWE_LIMIT_MESSAGE,
  DESCRIPTION_REQUIRED_MESSAGE,
  QUESTION_REQUIRED_MESSAGE,
  REPORT_NOT_A_LIST_MESSAGE,
  REQUIRED_MESSAGE,
  TEXT_ANSWER_MESSAGE,
  VULNERABILITIES_ANSWER_MESSAGE,
  VULNERABILITIES_QUESTION,
  VULNERABILITY_QUESTIONS,
  duplicateQuestionMessage,
  submittedReportSchema,
  unknownQuestionMessage,
} from './index.ts';
import { sampleReportQuestions, sampleVulnerability } from '../../testing/report/test-fixtures.ts';

function errorsOf(input: unknown): Record<string, string[]> {
  const result = submittedReportSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('submittedReportSchema', () => {
  it('parses a valid list to the canonical list', () => {
    const list = sampleReportQuestions(
      { vulnerabilities: [sampleVulnerability({ cwes: ['cwe-79'] })] },
      { pocFileName: 'a.txt' },
    );
    const parsed = submittedReportSchema.parse(list);
    expect(JSON.stringify(parsed)).toContain('"CWE-79"');
    expect(parsed).toContainEqual({ question: 'Proof of concept', answer: 'a.txt' });
  });

  it('keys form-rule messages by field name', () => {
    const list = sampleReportQuestions({
      title: '',
      vulnerabilities: [
        sampleVulnerability(),
        sampleVulnerability({ description: '', disclosed: '', cwes: ['1', '2', '3', '4', '5', '6'] }),
      ],
    });
    expect(errorsOf(list)).toEqual({
      title: [REQUIRED_MESSAGE],
      'vulnerabilities.1.description': [DESCRIPTION_REQUIRED_MESSAGE],
      'vulnerabilities.1.disclosed': [QUESTION_REQUIRED_MESSAGE],
      'vulnerabilities.1.cwes': [CWE_LIMIT_MESSAGE],
    });
  });

  it('refuses what is not a list of pairs', () => {
    expect(errorsOf({ title: 'x' })).toEqual({ '': [REPORT_NOT_A_LIST_MESSAGE] });
    expect(errorsOf('text')).toEqual({ '': [REPORT_NOT_A_LIST_MESSAGE] });
    expect(Object.keys(errorsOf([{ answer: 'no question' }]))).toEqual(['0.question']);
  });

  it('refuses unknown and repeated questions and answers of the wrong type', () => {
    const list = sampleReportQuestions();
    expect(errorsOf([...list, { question: 'Favourite colour', answer: 'blue' }])).toEqual({
      report: [unknownQuestionMessage('Favourite colour')],
    });
    expect(errorsOf([...list, { question: 'Title', answer: 'again' }])).toEqual({
      title: [duplicateQuestionMessage('Title')],
    });
    expect(errorsOf(list.map((p) => (p.question === 'Product' ? { ...p, answer: 42 } : p)))).toEqual({
      product: [TEXT_ANSWER_MESSAGE],
    });
    expect(
      errorsOf(list.map((p) => (p.question === VULNERABILITIES_QUESTION ? { ...p, answer: 'text' } : p))),
    ).toEqual({
      vulnerabilities: [VULNERABILITIES_ANSWER_MESSAGE],
    });
    const badVul = [
      { question: VULNERABILITY_QUESTIONS.description, answer: 'd' },
      { question: VULNERABILITY_QUESTIONS.disclosed, answer: 'No' },
      { question: VULNERABILITY_QUESTIONS.cwes, answer: 'CWE-79' },
      { question: 'Colour', answer: 'x' },
    ];
    expect(
      errorsOf(list.map((p) => (p.question === VULNERABILITIES_QUESTION ? { ...p, answer: [badVul] } : p))),
    ).toEqual({
      'vulnerabilities.0.cwes': [CWE_ANSWER_MESSAGE],
      'vulnerabilities.0': [unknownQuestionMessage('Colour')],
    });
  });

  it('treats null answers as empty', () => {
    const list = sampleReportQuestions().map((p) => (p.question === 'Title' ? { ...p, answer: null } : p));
    expect(errorsOf(list)).toEqual({ title: [REQUIRED_MESSAGE] });
  });
});

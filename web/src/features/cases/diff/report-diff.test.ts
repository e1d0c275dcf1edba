import { describe, expect, it } from 'vitest';
import { VULNERABILITIES_QUESTION, type ReportQuestionList } from '@cvdp/core';
import { diffAnswers, diffReports } from './report-diff.ts';

const vul = (description: string, cwes: string[] = []) => [
  { question: 'Description', answer: description },
  ...(cwes.length ? [{ question: 'Problem types', answer: cwes }] : []),
];

describe('diffAnswers', () => {
  it('names each answer unchanged, changed, added or removed, in the original order then the new', () => {
    const changes = diffAnswers(
      [
        { question: 'Title', answer: 'A' },
        { question: 'Product', answer: 'Shop' },
        { question: 'Version', answer: '1.0' },
      ],
      [
        { question: 'Title', answer: 'A' },
        { question: 'Product', answer: 'Shop 2' },
        { question: 'Website', answer: 'https://x.test' },
      ],
    );
    expect(changes).toEqual([
      { question: 'Title', kind: 'unchanged', before: 'A', after: 'A' },
      { question: 'Product', kind: 'changed', before: 'Shop', after: 'Shop 2' },
      { question: 'Version', kind: 'removed', before: '1.0' },
      { question: 'Website', kind: 'added', after: 'https://x.test' },
    ]);
  });

  it('compares lists element by element', () => {
    const [same, reordered] = [
      diffAnswers([{ question: 'CWE', answer: ['CWE-79'] }], [{ question: 'CWE', answer: ['CWE-79'] }]),
      diffAnswers(
        [{ question: 'CWE', answer: ['CWE-79', 'CWE-89'] }],
        [{ question: 'CWE', answer: ['CWE-89', 'CWE-79'] }],
      ),
    ];
    expect(same[0].kind).toBe('unchanged');
    expect(reordered[0].kind).toBe('changed');
    expect(diffAnswers([{ question: 'Q', answer: 'x' }], [{ question: 'Q', answer: ['x'] }])[0].kind).toBe(
      'changed',
    );
  });
});

describe('diffReports', () => {
  const report = (title: string, vulnerabilities: ReturnType<typeof vul>[]): ReportQuestionList => [
    { question: 'Title', answer: title },
    { question: VULNERABILITIES_QUESTION, answer: vulnerabilities },
  ];

  it('says identical when nothing changed', () => {
    const r = report('T', [vul('SQLi', ['CWE-89'])]);
    const diff = diffReports(r, structuredClone(r));
    expect(diff.identical).toBe(true);
    expect(diff.vulnerabilities).toEqual([expect.objectContaining({ index: 1, kind: 'unchanged' })]);
  });

  it('compares vulnerabilities entry by entry: changed, added and removed', () => {
    const grown = diffReports(report('T', [vul('SQLi')]), report('T', [vul('SQL injection'), vul('XSS')]));
    expect(grown.identical).toBe(false);
    expect(grown.answers).toEqual([{ question: 'Title', kind: 'unchanged', before: 'T', after: 'T' }]);
    expect(grown.vulnerabilities.map((v) => [v.index, v.kind])).toEqual([
      [1, 'changed'],
      [2, 'added'],
    ]);
    expect(grown.vulnerabilities[0].answers[0]).toEqual({
      question: 'Description',
      kind: 'changed',
      before: 'SQLi',
      after: 'SQL injection',
    });
    expect(grown.vulnerabilities[1].answers).toEqual([
      { question: 'Description', kind: 'added', after: 'XSS' },
    ]);

    const shrunk = diffReports(report('T', [vul('a'), vul('b')]), report('T2', [vul('a')]));
    expect(shrunk.answers[0].kind).toBe('changed');
    expect(shrunk.vulnerabilities.map((v) => v.kind)).toEqual(['unchanged', 'removed']);
    expect(shrunk.vulnerabilities[1].answers).toEqual([
      { question: 'Description', kind: 'removed', before: 'b' },
    ]);
  });

  it('handles reports without vulnerabilities', () => {
    const diff = diffReports([{ question: 'Title', answer: 'x' }], []);
    expect(diff.answers).toEqual([{ question: 'Title', kind: 'removed', before: 'x' }]);
    expect(diff.vulnerabilities).toEqual([]);
  });
});

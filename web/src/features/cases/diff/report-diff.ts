// What changed between the report as first submitted and its edited copy, answer by answer. Questions are
// matched by their wording; vulnerabilities are compared entry by entry (the first with the first, …), each
// of their answers the same way. Pure: the page renders the result.
import {
  VULNERABILITIES_QUESTION,
  type ReportAnswer,
  type ReportQuestionList,
  type VulnerabilityAnswers,
} from '@cvdp/core';

export type ChangeKind = 'unchanged' | 'changed' | 'added' | 'removed';

/** A plain answer: text or a list of texts (CWEs). */
export type PlainAnswer = string | string[];

export interface AnswerChange {
  question: string;
  kind: ChangeKind;
  /** The original answer (absent when added). */
  before?: PlainAnswer;
  /** The edited answer (absent when removed). */
  after?: PlainAnswer;
}

export interface VulnerabilityChange {
  /** Counts from 1. */
  index: number;
  kind: ChangeKind;
  answers: AnswerChange[];
}

export interface ReportDiff {
  answers: AnswerChange[];
  vulnerabilities: VulnerabilityChange[];
  /** True when nothing differs. */
  identical: boolean;
}

const sameAnswer = (a: PlainAnswer, b: PlainAnswer) =>
  Array.isArray(a) || Array.isArray(b)
    ? Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => v === b[i])
    : a === b;

type Pair = { question: string; answer: PlainAnswer };

/** Compares two question lists: the original's order first, then questions only the edit has. */
export function diffAnswers(before: readonly Pair[], after: readonly Pair[]): AnswerChange[] {
  const afterByQuestion = new Map(after.map((p) => [p.question, p.answer]));
  const beforeQuestions = new Set(before.map((p) => p.question));
  const out: AnswerChange[] = before.map((p) => {
    if (!afterByQuestion.has(p.question)) return { question: p.question, kind: 'removed', before: p.answer };
    const next = afterByQuestion.get(p.question)!;
    return {
      question: p.question,
      kind: sameAnswer(p.answer, next) ? 'unchanged' : 'changed',
      before: p.answer,
      after: next,
    };
  });
  for (const p of after) {
    if (!beforeQuestions.has(p.question)) out.push({ question: p.question, kind: 'added', after: p.answer });
  }
  return out;
}

const vulnerabilitiesOf = (report: ReportQuestionList): VulnerabilityAnswers[] =>
  report
    .filter((p) => p.question === VULNERABILITIES_QUESTION)
    .flatMap((p) => p.answer as VulnerabilityAnswers[]);

const plainPairs = (report: ReportQuestionList): Pair[] =>
  report
    .filter((p) => p.question !== VULNERABILITIES_QUESTION)
    .map((p) => ({
      question: p.question,
      answer: p.answer as Exclude<ReportAnswer, VulnerabilityAnswers[]>,
    }));

const kindOf = (answers: AnswerChange[]): ChangeKind =>
  answers.every((a) => a.kind === 'unchanged') ? 'unchanged' : 'changed';

export function diffReports(original: ReportQuestionList, edited: ReportQuestionList): ReportDiff {
  const answers = diffAnswers(plainPairs(original), plainPairs(edited));
  const before = vulnerabilitiesOf(original);
  const after = vulnerabilitiesOf(edited);
  const vulnerabilities: VulnerabilityChange[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const b = before[i];
    const a = after[i];
    if (b && a) {
      const changes = diffAnswers(b, a);
      vulnerabilities.push({ index: i + 1, kind: kindOf(changes), answers: changes });
    } else if (b) {
      vulnerabilities.push({ index: i + 1, kind: 'removed', answers: diffAnswers(b, []) });
    } else {
      vulnerabilities.push({ index: i + 1, kind: 'added', answers: diffAnswers([], a) });
    }
  }
  const identical = kindOf(answers) === 'unchanged' && vulnerabilities.every((v) => v.kind === 'unchanged');
  return { answers, vulnerabilities, identical };
}

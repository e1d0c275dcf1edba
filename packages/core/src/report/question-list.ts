// Form values ⇄ the stored question/answer list (SPEC §3, DESIGN §5 "Report storage").
// Empty answers are left out (SPEC §5), and so are answers to questions the form hides: details of
// disclosure plans unless the plans are Yes, references unless disclosed is Yes, exploit evidence unless
// exploitation is Yes, and the CVSS vector unless the reporter chose to give one.
import { normalizeCweId } from '../cwe/cwe-id.ts';
import {
  emptyReportForm,
  emptyVulnerability,
  hasText,
  type ReportFormValues,
  type VulnerabilityFormValues,
  type YesNoValue,
} from './form-values.ts';
import {
  POC_QUESTION,
  REPORT_FIELD_BY_QUESTION,
  REPORT_FIELDS_AFTER_VULNERABILITIES,
  REPORT_FIELDS_BEFORE_VULNERABILITIES,
  REPORT_QUESTIONS,
  VULNERABILITIES_QUESTION,
  VULNERABILITY_FIELD_BY_QUESTION,
  VULNERABILITY_QUESTIONS,
  type ReportTextField,
} from './questions.ts';

export interface QuestionAnswer<A> {
  question: string;
  answer: A;
}
/** One vulnerability: text answers, and the list of CWE ids. */
export type VulnerabilityAnswers = QuestionAnswer<string | string[]>[];
export type ReportAnswer = string | string[] | VulnerabilityAnswers[];
/** A report as stored and sent: `[{ question, answer }, …]`. */
export type ReportQuestionList = QuestionAnswer<ReportAnswer>[];

/** Hidden answers do not count: a field only matters when the question that reveals it is Yes. */
function shownReportAnswer(values: ReportFormValues, field: ReportTextField): string {
  if (field === 'disclosure_details' && values.disclosure_plans !== 'Yes') return '';
  return values[field];
}

function vulnerabilityToQuestions(v: VulnerabilityFormValues): VulnerabilityAnswers {
  const out: VulnerabilityAnswers = [];
  const add = (field: keyof typeof VULNERABILITY_QUESTIONS, answer: string | string[]) => {
    const empty = Array.isArray(answer) ? answer.length === 0 : !hasText(answer);
    if (!empty) out.push({ question: VULNERABILITY_QUESTIONS[field], answer });
  };
  add('description', v.description);
  add('cwes', v.cwes);
  add('showCvss', v.showCvss);
  if (v.showCvss === 'Yes') add('cvss', v.cvss.trim());
  add('disclosed', v.disclosed);
  if (v.disclosed === 'Yes') add('references', v.references);
  add('active_exploitation', v.active_exploitation);
  if (v.active_exploitation === 'Yes') add('exploit_proof', v.exploit_proof);
  return out;
}

/**
 * The list a submit sends and the server stores. `pocFileName` is the proof-of-concept file's name; the
 * file itself travels beside the list and is kept as an artifact of the case.
 */
export function reportToQuestions(
  values: ReportFormValues,
  options: { pocFileName?: string | null } = {},
): ReportQuestionList {
  const out: ReportQuestionList = [];
  const addText = (field: ReportTextField) => {
    const answer = shownReportAnswer(values, field);
    if (hasText(answer)) out.push({ question: REPORT_QUESTIONS[field], answer });
  };
  REPORT_FIELDS_BEFORE_VULNERABILITIES.forEach(addText);
  if (hasText(options.pocFileName)) out.push({ question: POC_QUESTION, answer: options.pocFileName });
  const vulnerabilities = values.vulnerabilities.map(vulnerabilityToQuestions).filter((v) => v.length > 0);
  if (vulnerabilities.length) out.push({ question: VULNERABILITIES_QUESTION, answer: vulnerabilities });
  REPORT_FIELDS_AFTER_VULNERABILITIES.forEach(addText);
  return out;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const asText = (answer: unknown): string => (typeof answer === 'string' ? answer : '');
// Kept as sent (not coerced to ''), so validating a submitted list says "Answer Yes or No." for 'Maybe'.
const asYesNo = (answer: unknown): YesNoValue => asText(answer) as YesNoValue;
const pairs = (list: unknown): { question: string; answer: unknown }[] =>
  Array.isArray(list)
    ? list
        .filter(isRecord)
        .flatMap((p) => (typeof p.question === 'string' ? [{ question: p.question, answer: p.answer }] : []))
    : [];

/** CWEs as stored (a list) or as an older or foreign client may send them (one comma-separated text). */
function asCweList(answer: unknown): string[] {
  const items = Array.isArray(answer) ? answer : typeof answer === 'string' ? answer.split(',') : [];
  return items
    .filter((x): x is string => typeof x === 'string' && x.trim() !== '')
    .map((x) => normalizeCweId(x) ?? x.trim());
}

function questionsToVulnerability(list: unknown): VulnerabilityFormValues {
  const v = emptyVulnerability();
  for (const { question, answer } of pairs(list)) {
    const field = VULNERABILITY_FIELD_BY_QUESTION.get(question);
    if (field === 'cwes') v.cwes = asCweList(answer);
    else if (field === 'showCvss' || field === 'disclosed' || field === 'active_exploitation')
      v[field] = asYesNo(answer);
    else if (field) v[field] = asText(answer);
  }
  // SPEC §4: a loaded vulnerability with a vector shows its calculator.
  if (hasText(v.cvss)) v.showCvss = 'Yes';
  return v;
}

/**
 * Form values from a stored list, for the edit prefill and for validating a submitted list. Lenient:
 * unknown questions and answers of the wrong type are ignored here (the server schema reports them).
 */
export function questionsToReport(list: unknown): ReportFormValues {
  const values = emptyReportForm();
  values.vulnerabilities = [];
  for (const { question, answer } of pairs(list)) {
    if (question === VULNERABILITIES_QUESTION) {
      values.vulnerabilities = Array.isArray(answer) ? answer.map(questionsToVulnerability) : [];
      continue;
    }
    const field = REPORT_FIELD_BY_QUESTION.get(question);
    if (field === 'notified' || field === 'disclosure_plans') values[field] = asYesNo(answer);
    else if (field) values[field] = asText(answer);
  }
  return values;
}

/** Form values for the edit form: like questionsToReport, but always with one entry to fill in. */
export function questionsToReportForm(list: unknown): ReportFormValues {
  const values = questionsToReport(list);
  if (values.vulnerabilities.length === 0) values.vulnerabilities = [emptyVulnerability()];
  return values;
}

function answerOf(list: unknown, question: string): unknown {
  return pairs(list).find((p) => p.question === question)?.answer;
}

/** The report's title answer ('' when there is none). */
export const reportTitle = (list: unknown): string => asText(answerOf(list, REPORT_QUESTIONS.title)).trim();

/** The name of the proof-of-concept file the report mentions, or null. */
export function reportPocFileName(list: unknown): string | null {
  const name = answerOf(list, POC_QUESTION);
  return hasText(name as string) ? (name as string) : null;
}

/** The same report naming another proof-of-concept file (or none). The server sets the name it stored. */
export function withPocFileName(list: unknown, fileName: string | null): ReportQuestionList {
  return reportToQuestions(questionsToReport(list), { pocFileName: fileName });
}

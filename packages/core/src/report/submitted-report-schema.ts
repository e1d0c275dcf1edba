// The server's check of a submitted question/answer list (the `report` field of POST api/report/ and of
// the edit call). It checks the list's shape — known questions, each once, answers of the right type — then
// applies the same rules as the form, and parses to the canonical list that gets stored.
// Messages are keyed by form field name ('title', 'vulnerabilities.0.description'), so a browser can put
// each under its field.
import { z } from 'zod';
import { reportFormSchema } from './form-schema.ts';
import { MAX_VULNERABILITIES } from './form-values.ts';
import {
  questionsToReport,
  reportPocFileName,
  reportToQuestions,
  type ReportQuestionList,
} from './question-list.ts';
import {
  POC_QUESTION,
  REPORT_FIELD_BY_QUESTION,
  VULNERABILITIES_QUESTION,
  VULNERABILITY_FIELD_BY_QUESTION,
} from './questions.ts';

export const REPORT_NOT_A_LIST_MESSAGE = 'The report must be a list of question/answer pairs.';
export const unknownQuestionMessage = (question: string) => `Unknown question: "${question.slice(0, 200)}".`;
export const duplicateQuestionMessage = (question: string) => `The question "${question}" is answered twice.`;
export const TEXT_ANSWER_MESSAGE = 'The answer must be text.';
export const CWE_ANSWER_MESSAGE = 'The answer must be a list of CWE ids.';
export const VULNERABILITIES_ANSWER_MESSAGE = 'The answer must be a list of vulnerabilities.';

const pairSchema = z.object({ question: z.string(), answer: z.unknown() });
// A little room above the real counts, so a list that is too long gets the form's own message.
const pairListSchema = z
  .array(pairSchema, { error: REPORT_NOT_A_LIST_MESSAGE })
  .max(40, REPORT_NOT_A_LIST_MESSAGE);
const vulnerabilityListSchema = z.array(z.array(pairSchema)).max(MAX_VULNERABILITIES * 5);

type Issue = { path: (string | number)[]; message: string };

const isText = (answer: unknown) => typeof answer === 'string' || answer === null;

function checkVulnerability(pairs: z.infer<typeof pairSchema>[], at: (string | number)[], issues: Issue[]) {
  const seen = new Set<string>();
  for (const { question, answer } of pairs) {
    const field = VULNERABILITY_FIELD_BY_QUESTION.get(question);
    if (!field) issues.push({ path: at, message: unknownQuestionMessage(question) });
    else if (seen.has(question))
      issues.push({ path: [...at, field], message: duplicateQuestionMessage(question) });
    else if (field === 'cwes' && !(Array.isArray(answer) && answer.every((x) => typeof x === 'string'))) {
      issues.push({ path: [...at, field], message: CWE_ANSWER_MESSAGE });
    } else if (field !== 'cwes' && !isText(answer))
      issues.push({ path: [...at, field], message: TEXT_ANSWER_MESSAGE });
    seen.add(question);
  }
}

/** Shape problems of the list: what questionsToReport would silently ignore. */
function shapeIssues(list: z.infer<typeof pairListSchema>): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  for (const { question, answer } of list) {
    const field =
      question === VULNERABILITIES_QUESTION ? 'vulnerabilities' : REPORT_FIELD_BY_QUESTION.get(question);
    const known = field !== undefined || question === POC_QUESTION;
    if (!known) issues.push({ path: ['report'], message: unknownQuestionMessage(question) });
    else if (seen.has(question))
      issues.push({ path: [field ?? 'poc'], message: duplicateQuestionMessage(question) });
    else if (field === 'vulnerabilities') {
      const parsed = vulnerabilityListSchema.safeParse(answer);
      if (!parsed.success)
        issues.push({ path: ['vulnerabilities'], message: VULNERABILITIES_ANSWER_MESSAGE });
      else parsed.data.forEach((pairs, i) => checkVulnerability(pairs, ['vulnerabilities', i], issues));
    } else if (!isText(answer)) issues.push({ path: [field ?? 'poc'], message: TEXT_ANSWER_MESSAGE });
    seen.add(question);
  }
  return issues;
}

/**
 * Parses a submitted report to the canonical stored list: the form's rules, empty and hidden answers left
 * out, CWE ids normalised. The proof-of-concept answer is passed through as sent; the server replaces it
 * with the name of the file it actually stored.
 */
export const submittedReportSchema = pairListSchema.transform((list, ctx): ReportQuestionList => {
  const issues = shapeIssues(list);
  if (issues.length === 0) {
    const result = reportFormSchema.safeParse(questionsToReport(list));
    if (result.success) return reportToQuestions(result.data, { pocFileName: reportPocFileName(list) });
    for (const issue of result.error.issues)
      issues.push({ path: issue.path as (string | number)[], message: issue.message });
  }
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
});

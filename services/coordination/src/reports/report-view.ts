// The shapes reports are answered in.
import {
  type CaseReport,
  type SubmittedReport,
  type Cvss4ScoreRecord,
  type ReportQuestionList,
  VULNERABILITIES_QUESTION,
  VULNERABILITY_QUESTIONS,
  cvss4Record,
  isValidCvss4Vector,
  reportTitle,
} from '@cvdp/core';
import { refOf, type UserRef } from '../accounts/user-refs.ts';
import { type CaseAccess, can } from '../policy/index.ts';
import type { ReportRow } from './store.ts';

/**
 * CVSS scores of the report's vulnerabilities, computed here from the stored (validated) vectors with the
 * shared engine: a number a client sent is never what the server answers.
 */
export function reportCvssScores(
  list: ReportQuestionList,
): { vulnerability: number; cvss: Cvss4ScoreRecord }[] {
  const vulnerabilities = list.find((p) => p.question === VULNERABILITIES_QUESTION)?.answer;
  if (!Array.isArray(vulnerabilities)) return [];
  return vulnerabilities.flatMap((pairs, index) => {
    if (!Array.isArray(pairs)) return [];
    const vector = pairs.find((p) => p.question === VULNERABILITY_QUESTIONS.cvss)?.answer;
    return typeof vector === 'string' && isValidCvss4Vector(vector)
      ? [{ vulnerability: index + 1, cvss: cvss4Record(vector) }]
      : [];
  });
}

/** The working copy, as everyone who may see the case sees it. */
export function caseReportView(
  access: CaseAccess,
  report: ReportRow,
  refs: Map<number, UserRef>,
  revisionCount: number,
): CaseReport {
  return {
    id: report.id,
    report: report.current as ReportQuestionList,
    cvss_scores: reportCvssScores(report.current as ReportQuestionList),
    submitted_by: refOf(refs, report.submittedBy),
    created: report.createdAt.toISOString(),
    updated: report.updatedAt.toISOString(),
    edited: revisionCount > 0,
    can_edit: can('report.edit', access, report),
    can_view_original: can('report.read_original', access, report),
  };
}

/** What a submit or an edit answers: the case id first (the browser goes on to it). */
export function submittedView(report: ReportRow): SubmittedReport {
  return {
    id: report.caseId,
    case: report.caseId,
    report: report.id,
    title: reportTitle(report.current),
    created: report.createdAt.toISOString(),
    updated: report.updatedAt.toISOString(),
  };
}

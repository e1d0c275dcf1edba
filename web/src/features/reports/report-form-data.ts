// The multipart body of a submit or edit (SPEC §7): `report` is the JSON text of the question/answer
// list; `poc` is sent only when a non-empty file was chosen; `submission_key` lets the server turn a
// repeated submit into the first one.
import type { ReportQuestionList } from '@cvdp/core';

export interface ReportUpload {
  report: ReportQuestionList;
  poc: File | null;
  submissionKey?: string;
}

export function reportFormData({ report, poc, submissionKey }: ReportUpload): FormData {
  const form = new FormData();
  form.append('report', JSON.stringify(report));
  if (submissionKey) form.append('submission_key', submissionKey);
  if (poc && poc.size > 0) form.append('poc', poc, poc.name);
  return form;
}

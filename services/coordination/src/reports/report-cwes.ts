// A report may not name a CWE MITRE prohibits (cwe/prohibited.ts): refused with a 400 whose messages sit
// under the vulnerability's CWE field ('vulnerabilities.0.cwes'), as the form's own messages do. An edit
// keeps the CWEs the report already named.
import { type ReportQuestionList, cweNumber, questionsToReport } from '@cvdp/core';
import { type FieldErrors, HttpError, type Tx } from '@cvdp/server-kit';
import { prohibitedCweMessages } from '../cwe/prohibited.ts';

const numbersOf = (cwes: readonly string[]) => cwes.map(cweNumber).filter((n): n is number => n !== null);

export async function refuseProhibitedCwes(
  tx: Tx,
  list: ReportQuestionList,
  previous?: ReportQuestionList,
): Promise<void> {
  const kept = new Set(
    previous ? questionsToReport(previous).vulnerabilities.flatMap((v) => numbersOf(v.cwes)) : [],
  );
  const errors: FieldErrors = {};
  const vulnerabilities = questionsToReport(list).vulnerabilities;
  for (const [index, v] of vulnerabilities.entries()) {
    const messages = await prohibitedCweMessages(tx, numbersOf(v.cwes), kept);
    if (messages.length) errors[`vulnerabilities.${index}.cwes`] = messages;
  }
  const all = Object.values(errors).flat();
  if (all.length) throw new HttpError(400, all.join(' '), errors);
}

// Texts the report form and the server show (SPEC §5 and §8; letter for letter where the spec gives them).
export { CWE_LIMIT_MESSAGE } from '../cwe/cwe-limits.ts';
export { CVSS_INCOMPLETE_MESSAGE } from '../cvss4/index.ts';

export const REQUIRED_MESSAGE = 'This field is required.';
/** SPEC §8's message for a missing vulnerability description; the form shows it as REQUIRED_MESSAGE. */
export const DESCRIPTION_REQUIRED_MESSAGE = 'Description is required';
/** A missing answer to "Has this vulnerability been publicly disclosed?". */
export const QUESTION_REQUIRED_MESSAGE = 'This question is required';

// Not in the spec: our own wording for rules the spec states without a message.
export const YES_NO_MESSAGE = 'Answer Yes or No.';
export const MIN_VULNERABILITIES_MESSAGE = 'Describe at least one vulnerability.';
export const MAX_VULNERABILITIES_MESSAGE = 'A report can describe at most 20 vulnerabilities.';
export const tooLongMessage = (max: number) => `Ensure this field has no more than ${max} characters.`;

/**
 * The text shown under a field for a schema message. SPEC §5: a missing description carries
 * 'Description is required' but is shown as 'This field is required.' like every other missing field.
 */
export function shownFieldMessage(message: string): string {
  return message === DESCRIPTION_REQUIRED_MESSAGE ? REQUIRED_MESSAGE : message;
}

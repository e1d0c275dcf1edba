// What one CSAF test answers, as csaf-validator-lib's tests do, so ours and the lib's run side by side.
export interface CsafTestResult {
  isValid: boolean;
  errors: { instancePath: string; message: string }[];
}

/** A mandatory test of ours: its number (e.g. '6.1.1') and the check. */
export interface OwnCsafTest {
  test: string;
  run: (document: unknown) => CsafTestResult | Promise<CsafTestResult>;
}

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const arrayOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const stringsOf = (v: unknown): string[] =>
  arrayOf(v).filter((s): s is string => typeof s === 'string');

/** The result of a list of errors. */
export const resultOf = (errors: CsafTestResult['errors']): CsafTestResult => ({
  isValid: errors.length === 0,
  errors,
});

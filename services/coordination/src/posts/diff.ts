// Line diffs (jsdiff) of texts people edit — a post's versions, an advisory's revisions: a unified patch
// with three lines of context, computed with a timeout per pair and a time budget per answer. Past either,
// the pair is shown as a whole replacement (every old line removed, every new one added) instead of
// letting pathological input hold the request.
import { createTwoFilesPatch } from 'diff';

/** Per pair of texts; past the whole budget, the rest are shown as whole replacements. */
export const DIFF_TIMEOUT_MS = 300;
export const DIFF_BUDGET_MS = 2_000;

const linesOf = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

/** A unified patch replacing every line (when the line diff gave up on pathological input). */
export function wholeReplacement(a: string, b: string, file: string, from: string, to: string): string {
  const old = linesOf(a);
  const now = linesOf(b);
  return [
    '===================================================================',
    `--- ${file}\t${from}`,
    `+++ ${file}\t${to}`,
    `@@ -${old.length ? 1 : 0},${old.length} +${now.length ? 1 : 0},${now.length} @@`,
    ...old.map((l) => `-${l}`),
    ...now.map((l) => `+${l}`),
    '',
  ].join('\n');
}

/** A time budget shared by the diffs of one answer: true while there is time left. */
export function diffBudget(ms = DIFF_BUDGET_MS): () => boolean {
  const started = Date.now();
  return () => Date.now() - started < ms;
}

/** The unified line diff of `a` → `b`, labelled `from` / `to` (e.g. "version 1"), within the budget. */
export function lineDiff(
  a: string,
  b: string,
  labels: { file: string; from: string; to: string },
  withinBudget: () => boolean,
): string {
  const { file, from, to } = labels;
  const patch = withinBudget()
    ? createTwoFilesPatch(file, file, a, b, from, to, { context: 3, timeout: DIFF_TIMEOUT_MS })
    : undefined;
  return patch ?? wholeReplacement(a, b, file, from, to);
}

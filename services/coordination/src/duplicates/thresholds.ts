// Every number that decides what counts as a likely duplicate, in one place. Chosen on the tuning half of
// the labelled corpus (tools/duplicate-eval.ts, `npm run eval:duplicates`; figures in bench/README.md):
// a change here is a change to measure there.

/** Text candidates are found through the query's rarest lexemes: this many of them… */
export const RARE_TERMS = 8;
/** …each in at most this share of all rows (more common lexemes find too much to be telling)… */
export const RARE_TERM_MAX_SHARE = 0.02;
/** …or in at most this many rows, whichever is more (a small corpus has no common words yet). */
export const RARE_TERM_MIN_CAP = 50;
/** Text candidates (the most shared weight first) and product-and-CWE candidates ranked per report. */
export const TEXT_CANDIDATES = 50;

/** Text similarity (idf-weighted cosine of the lexeme sets, 0–1) at which "close text" is named. */
export const CLOSE_TEXT_MIN = 0.4;
/** What the same product and CWE adds to the score. */
export const PRODUCT_AND_CWE_WEIGHT = 0.15;
/** What an exact key — the same CVE id, reference URL or proof-of-concept file — adds to the score. */
export const EXACT_KEY_WEIGHT = 1;
/** The score a candidate must reach to be suggested. */
export const SUGGEST_MIN = 0.55;
/** Suggestions shown per report. */
export const MAX_SUGGESTIONS = 10;

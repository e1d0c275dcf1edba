// One entry point for a CVSS vector of any version we accept: 4.0 with our own engine (base, threat,
// environmental and supplemental metrics), 3.1 and 3.0 with cvss3/ (ae-cvss-calculator). The version is the
// vector's prefix. Not exported from core's index (cvss3 brings the library): import
// '@cvdp/core/cvss/score-any'.
import { Cvss3Error, scoreCvss3 } from '../cvss3/index.ts';
import { Cvss4Error } from '../cvss4/errors.ts';
import { parseCvss4 } from '../cvss4/parse.ts';
import { scoreCvss4Tenths } from '../cvss4/score.ts';
import { cvss4CanonicalVector } from '../cvss4/vector-string.ts';
import type { CvssVersion } from '../vuls/index.ts';

export type CvssSeverityName = 'None' | 'Low' | 'Medium' | 'High' | 'Critical';

export type CvssScoreResult =
  | { ok: true; version: CvssVersion; vector: string; score: number; severity: CvssSeverityName }
  | { ok: false; metric?: string; message: string };

export const CVSS_UNKNOWN_VERSION_MESSAGE = 'A CVSS vector starts with CVSS:4.0/, CVSS:3.1/ or CVSS:3.0/.';

/** FIRST's qualitative rating, the same bands in 3.x and 4.0. */
export function cvssSeverityName(score: number): CvssSeverityName {
  if (score >= 9) return 'Critical';
  if (score >= 7) return 'High';
  if (score >= 4) return 'Medium';
  if (score >= 0.1) return 'Low';
  return 'None';
}

function scoreV4(vector: string): CvssScoreResult {
  try {
    const parsed = parseCvss4(vector);
    const score = scoreCvss4Tenths(parsed.indices) / 10;
    return {
      ok: true,
      version: '4.0',
      vector: cvss4CanonicalVector(parsed),
      score,
      severity: cvssSeverityName(score),
    };
  } catch (error) {
    if (!(error instanceof Cvss4Error)) throw error;
    return error.metric
      ? { ok: false, metric: error.metric, message: `${error.metric}: ${error.description}` }
      : { ok: false, message: error.description };
  }
}

function scoreV3(vector: string): CvssScoreResult {
  try {
    const s = scoreCvss3(vector);
    return { ok: true, version: s.version, vector: s.vector, score: s.score, severity: s.severity };
  } catch (error) {
    if (!(error instanceof Cvss3Error)) throw error;
    return error.metric
      ? { ok: false, metric: error.metric, message: error.message }
      : { ok: false, message: error.message };
  }
}

/**
 * Parses and scores a vector; the score of a vector with threat/temporal or environmental metrics is the
 * score of the whole vector (CVSS-BTE for 4.0; for 3.x environmental, else temporal, else base). Invalid:
 * `{ok: false}` with the metric concerned when there is one, and a message that starts with it ("AV: …").
 */
export function scoreCvssVector(input: string): CvssScoreResult {
  const vector = input.trim();
  if (vector.startsWith('CVSS:4.0/')) return scoreV4(vector);
  if (vector.startsWith('CVSS:3.1/') || vector.startsWith('CVSS:3.0/')) return scoreV3(vector);
  return { ok: false, message: CVSS_UNKNOWN_VERSION_MESSAGE };
}

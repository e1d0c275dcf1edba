// CSAF 2.1 mandatory tests on dates the lib 2.0.10 does not have: 6.1.51 (EPSS timestamps) and 6.1.53
// (first known exploitation dates). Instants are compared, whatever their zones.
import { type CsafTestResult, arrayOf, isObject, resultOf } from './types.ts';

const instant = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : NaN);

/**
 * 6.1.51 Inconsistent EPSS Timestamp: in a final or interim document no EPSS timestamp is later than the
 * newest revision history date.
 */
export function inconsistentEpssTimestamp(document: unknown): CsafTestResult {
  if (!isObject(document)) return resultOf([]);
  const doc = isObject(document.document) ? document.document : {};
  const tracking = isObject(doc.tracking) ? doc.tracking : {};
  if (tracking.status !== 'final' && tracking.status !== 'interim') return resultOf([]);
  const dates = arrayOf(tracking.revision_history)
    .map((r) => instant(isObject(r) ? r.date : undefined))
    .filter((d) => !Number.isNaN(d));
  if (dates.length === 0) return resultOf([]);
  const newest = Math.max(...dates);
  return resultOf(
    arrayOf(document.vulnerabilities).flatMap((vul, i) =>
      arrayOf(isObject(vul) ? vul.metrics : undefined).flatMap((metric, j) => {
        const epss = isObject(metric) && isObject(metric.content) ? metric.content.epss : undefined;
        return isObject(epss) && instant(epss.timestamp) > newest
          ? [
              {
                instancePath: `/vulnerabilities/${i}/metrics/${j}/content/epss/timestamp`,
                message: 'the EPSS timestamp is newer than the newest revision',
              },
            ]
          : [];
      }),
    ),
  );
}

/** 6.1.53 Inconsistent Exploitation Date: an exploitation_date is not later than its item's date. */
export function inconsistentExploitationDate(document: unknown): CsafTestResult {
  if (!isObject(document)) return resultOf([]);
  return resultOf(
    arrayOf(document.vulnerabilities).flatMap((vul, i) =>
      arrayOf(isObject(vul) ? vul.first_known_exploitation_dates : undefined).flatMap((item, j) =>
        isObject(item) && instant(item.exploitation_date) > instant(item.date)
          ? [
              {
                instancePath: `/vulnerabilities/${i}/first_known_exploitation_dates/${j}/exploitation_date`,
                message: 'the exploitation date is newer than the date of the item',
              },
            ]
          : [],
      ),
    ),
  );
}

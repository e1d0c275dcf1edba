// CSAF 2.1 mandatory tests on `metrics[].content.ssvc_v2` (an SSVC SelectionList 2.0.0) as the current draft
// has them: 6.1.46, 6.1.47 and 6.1.49. csaf-validator-lib 2.0.10 knows only the older `ssvc_v1` and has
// none of them, so they are ours. (6.1.48, decision points checked against SSVC's registry, is not here.)
import { ssvcSelectionListErrors } from './schema.ts';
import { type CsafTestResult, type Json, arrayOf, isObject, resultOf, stringsOf } from './types.ts';

/** Every ssvc_v2 object of the document, with its vulnerability and where it is. */
function ssvcObjects(document: unknown): { vul: Json; ssvc: unknown; path: string }[] {
  if (!isObject(document)) return [];
  return arrayOf(document.vulnerabilities).flatMap((vul, i) =>
    isObject(vul)
      ? arrayOf(vul.metrics).flatMap((metric, j) =>
          isObject(metric) && isObject(metric.content) && 'ssvc_v2' in metric.content
            ? [
                {
                  vul,
                  ssvc: metric.content.ssvc_v2,
                  path: `/vulnerabilities/${i}/metrics/${j}/content/ssvc_v2`,
                },
              ]
            : [],
        )
      : [],
  );
}

/** 6.1.46 Invalid SSVC: each ssvc_v2 object is valid against the SelectionList 2.0.0 schema. */
export function invalidSsvc(document: unknown): CsafTestResult {
  return resultOf(
    ssvcObjects(document).flatMap(({ ssvc, path }) => ssvcSelectionListErrors(ssvc, path).errors),
  );
}

/**
 * 6.1.47 Inconsistent SSVC Target IDs: each target id is the vulnerability's CVE or the text of one of its
 * ids — and not the document's tracking id when the document has more than one vulnerability.
 */
export function inconsistentSsvcTargetIds(document: unknown): CsafTestResult {
  const doc = isObject(document) && isObject(document.document) ? document.document : {};
  const trackingId = isObject(doc.tracking) ? doc.tracking.id : undefined;
  const several = isObject(document) && arrayOf(document.vulnerabilities).length > 1;
  return resultOf(
    ssvcObjects(document).flatMap(({ vul, ssvc, path }) => {
      const own = new Set([
        ...(typeof vul.cve === 'string' ? [vul.cve] : []),
        ...arrayOf(vul.ids).flatMap((id) => (isObject(id) && typeof id.text === 'string' ? [id.text] : [])),
      ]);
      return stringsOf(isObject(ssvc) ? ssvc.target_ids : undefined).flatMap((target, k) =>
        !own.has(target) || (several && target === trackingId)
          ? [
              {
                instancePath: `${path}/target_ids/${k}`,
                message: 'target id is not an id of this vulnerability',
              },
            ]
          : [],
      );
    }),
  );
}

/**
 * 6.1.49 Inconsistent SSVC Timestamp: in a final or interim document no SSVC timestamp is later than the
 * newest revision history date (compared as instants, whatever their zones).
 */
export function inconsistentSsvcTimestamp(document: unknown): CsafTestResult {
  const doc = isObject(document) && isObject(document.document) ? document.document : {};
  const tracking = isObject(doc.tracking) ? doc.tracking : {};
  if (tracking.status !== 'final' && tracking.status !== 'interim') return resultOf([]);
  const dates = arrayOf(tracking.revision_history)
    .map((r) => (isObject(r) && typeof r.date === 'string' ? Date.parse(r.date) : NaN))
    .filter((d) => !Number.isNaN(d));
  if (dates.length === 0) return resultOf([]);
  const newest = Math.max(...dates);
  return resultOf(
    ssvcObjects(document).flatMap(({ ssvc, path }) => {
      const at = isObject(ssvc) && typeof ssvc.timestamp === 'string' ? Date.parse(ssvc.timestamp) : NaN;
      return at > newest
        ? [
            {
              instancePath: `${path}/timestamp`,
              message: 'the SSVC timestamp is newer than the newest revision',
            },
          ]
        : [];
    }),
  );
}

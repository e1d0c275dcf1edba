// CSAF 2.1 mandatory test 6.1.21 as the current draft has it: the revision history sorted by date AND, for
// items of the same date, by number. csaf-validator-lib 2.0.10 sorts by date only, so two items of one date
// listed newest first (a valid history) read to it as starting at 2; and the draft wants the message to tell
// a version that is nowhere from one that is only out of place. This is ours.
import { type CsafTestResult, arrayOf, isObject, resultOf } from './types.ts';

/** The major version of an integer ('3') or semantic ('3.1.0') version number. */
const major = (number: string) => Number.parseInt(number, 10);

/** 6.1.21 Missing Item in Revision History. */
export function missingRevisionHistoryItem(document: unknown): CsafTestResult {
  const doc = isObject(document) && isObject(document.document) ? document.document : {};
  const tracking = isObject(doc.tracking) ? doc.tracking : {};
  const items = arrayOf(tracking.revision_history).filter(isObject);
  const usable = items.flatMap((r) =>
    typeof r.number === 'string' && typeof r.date === 'string' && !Number.isNaN(Date.parse(r.date))
      ? [{ at: Date.parse(r.date), major: major(r.number) }]
      : [],
  );
  // Not this test's business: the schema and 6.1.37 refuse such items.
  if (usable.length === 0 || usable.length !== items.length || usable.some((r) => Number.isNaN(r.major)))
    return resultOf([]);
  const sorted = [...new Set(usable.sort((a, z) => a.at - z.at || a.major - z.major).map((r) => r.major))];
  const present = new Set(sorted);
  const instancePath = '/document/tracking/revision_history';
  const errors: CsafTestResult['errors'] = [];
  if (sorted[0] !== 0 && sorted[0] !== 1)
    errors.push({
      instancePath,
      message: 'revision history does not start with a version of 0 or 1 when sorted by date',
    });
  for (let i = 0; i < sorted.length; i++) {
    const expected = sorted[0] + i;
    if (sorted[i] > expected)
      errors.push({
        instancePath,
        message: present.has(expected)
          ? `major version ${expected} is not in its place when the items are sorted by date`
          : `major version ${expected} was omitted`,
      });
  }
  return resultOf(errors);
}

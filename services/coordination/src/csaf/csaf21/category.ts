// CSAF 2.1 mandatory test 6.1.26 as the current draft has it. The draft added profiles
// (csaf_deprecated_security_advisory, csaf_superseded, csaf_withdrawn) that csaf-validator-lib 2.0.10 does
// not know, so it refuses them as "reserved prefix used"; this is ours.
import { type CsafTestResult, isObject, resultOf } from './types.ts';

/** The categories of the profiles other than CSAF Base, with their names (draft §4). */
const PROFILES: Record<string, string> = {
  csaf_informational_advisory: 'Informational Advisory',
  csaf_security_incident_response: 'Security Incident Response',
  csaf_security_advisory: 'Security Advisory',
  csaf_vex: 'VEX',
  csaf_deprecated_security_advisory: 'Deprecated Security Advisory',
  csaf_superseded: 'Superseded',
  csaf_withdrawn: 'Withdrawn',
};

/** Dashes, hyphens, minus signs, underscores (low lines) and white space, in all their graphical variants. */
const IGNORED = /[\p{Pd}\p{Pc}\p{Zs}\s\u2212\u00ad]/gu;
/** The combining low line joins the character before it, so it is removed on its own. */
const COMBINING_LOW_LINE = /\u0332/g;
const fold = (s: string) => s.replace(COMBINING_LOW_LINE, '').replace(IGNORED, '').toLowerCase();
const PROHIBITED = new Set(
  Object.entries(PROFILES).flatMap(([value, name]) => [
    fold(value.slice('csaf_'.length)),
    fold(value),
    fold(name),
  ]),
);

/** 6.1.26 Prohibited Document Category Name (CSAF Base documents only). */
export function prohibitedDocumentCategory(document: unknown): CsafTestResult {
  const doc = isObject(document) && isObject(document.document) ? document.document : {};
  const category = doc.category;
  if (typeof category !== 'string' || category === 'csaf_base' || category in PROFILES) return resultOf([]);
  const instancePath = '/document/category';
  if (PROHIBITED.has(fold(category))) return resultOf([{ instancePath, message: 'value prohibited' }]);
  if (category.toLowerCase().startsWith('csaf_'))
    return resultOf([{ instancePath, message: 'reserved prefix used' }]);
  return resultOf([]);
}

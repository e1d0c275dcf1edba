import { describe, expect, it } from 'vitest';
import {
  CPE23_PATTERN,
  CPE_MESSAGES,
  cpe23Error,
  cpeValue,
  formatCpe23,
  isCpe23,
  parseCpe23,
  unescapeCpeValue,
} from './index.ts';

// The CPE 2.3 branch of the pattern in the CSAF 2.0 strict schema (csaf-validator-lib 2.0.10,
// product_identification_helper.cpe), written out here as an independent source to compare against.
const CSAF_CPE23 = new RegExp(
  '^cpe:2\\.3:[aho\\*\\-](:(((\\?*|\\*?)([a-zA-Z0-9\\-\\._]|(\\\\[\\\\\\*\\?!"#\\$%&\'\\(\\)\\+,\\/:;<=>@\\[\\]\\^`\\{\\|\\}~]))+(\\?*|\\*?))|[\\*\\-])){5}(:(([a-zA-Z]{2,3}(-([a-zA-Z]{2}|[0-9]{3}))?)|[\\*\\-]))(:(((\\?*|\\*?)([a-zA-Z0-9\\-\\._]|(\\\\[\\\\\\*\\?!"#\\$%&\'\\(\\)\\+,\\/:;<=>@\\[\\]\\^`\\{\\|\\}~]))+(\\?*|\\*?))|[\\*\\-])){4}$',
);

const VALID = [
  'cpe:2.3:a:acme:widget_server:2.4.1:*:*:*:*:*:*:*',
  'cpe:2.3:o:google:android:12.0:-:*:*:*:*:*:*',
  'cpe:2.3:a:sdbus-cpp_project:sdbus-c\\+\\+:2.2.1:*:*:*:*:*:*:*',
  'cpe:2.3:a:acme:widget:1.*:*:*:*:*:*:*:*',
  'cpe:2.3:a:acme:widget:1.0:*:en-us:*:*:*:*:*',
  'cpe:2.3:a:foo:bar\\:baz:1.0_\\(beta\\):*:*:*:*:*:*:*',
  'cpe:2.3:h:acme:router:-:*:*:*:*:*:x64:*',
  'cpe:2.3:a:acme:w:?1.0:*:*:*:*:*:*:*',
  'cpe:2.3:a:acme:w:1.0\\\\:*:*:*:*:*:*:*',
  'cpe:2.3:*:acme:widget:*:*:*:*:*:*:*:*',
  'cpe:2.3:a:acme:widget:*:*:zh-tw:*:node.js:*:*:*',
  'cpe:2.3:a:acme:widget:*:*:es-419:*:*:*:*:*',
];

const INVALID: [string, string][] = [
  ['cpe:2.3:a:acme:widget server:2.4.1:*:*:*:*:*:*:*', CPE_MESSAGES.value('product')],
  ['cpe:2.3:a:acme:widget:1.0:*:*:*:*:*:*', CPE_MESSAGES.count(10)],
  ['cpe:2.3:a:x:y:1.0:*:*:*:*:*:*:*:*', CPE_MESSAGES.count(12)],
  ['cpe:2.3:x:acme:widget:1.0:*:*:*:*:*:*:*', CPE_MESSAGES.part],
  ['cpe:2.3:a:acme:widget:1.*.3:*:*:*:*:*:*:*', CPE_MESSAGES.value('version')],
  ['cpe:2.3:a:acme:**bar:1.0:*:*:*:*:*:*:*', CPE_MESSAGES.value('product')],
  ['cpe:2.3:a:acme:widget:1.0:*:*:e:*:*:*:*', CPE_MESSAGES.language],
  ['cpe:2.3:a:acme:wid\\-get:1.0:*:*:*:*:*:*:*', CPE_MESSAGES.value('product')],
  ['cpe:2.3:a:ibm:sterling_connect:direct:6.0.0.0:*:*:*:*:*:*:*', CPE_MESSAGES.count(12)],
  ['cpe:2.3:cpe:2.3:a:acme:widget:1.0:*:*:*:*:*:*', CPE_MESSAGES.count(12)],
  ['cpe:2.3:cpe:acme:widget:1.0:*:*:*:*:*:*:*', CPE_MESSAGES.part],
  ['cpe:/a:acme:widget:1.0', CPE_MESSAGES.prefix],
  ['CPE:2.3:a:acme:widget:1.0:*:*:*:*:*:*:*', CPE_MESSAGES.prefix],
  ['garbage', CPE_MESSAGES.prefix],
  ['', CPE_MESSAGES.prefix],
  ['cpe:2.3:a::widget:1.0:*:*:*:*:*:*:*', CPE_MESSAGES.empty('vendor')],
  ['cpe:2.3:a:acme:widget:1.0:*:*:*:*:*:*:\\', CPE_MESSAGES.trailingBackslash],
  ['cpe:2.3:a:acme:wid"get:1.0:*:*:*:*:*:*:*', CPE_MESSAGES.value('product')],
  ['cpe:2.3:a:acmé:widget:1.0:*:*:*:*:*:*:*', CPE_MESSAGES.value('vendor')],
  ['cpe:2.3:a:acme:widget:1.0:*:*:*:*:*:*:* ', CPE_MESSAGES.value('other')],
];

describe('CPE 2.3 formatted strings', () => {
  it.each(VALID)('accepts %s', (s) => {
    expect(cpe23Error(s)).toBeNull();
    expect(CSAF_CPE23.test(s)).toBe(true);
  });

  it.each(INVALID)('refuses %j: %s', (s, message) => {
    expect(cpe23Error(s)).toBe(message);
    expect(CSAF_CPE23.test(s)).toBe(false);
  });

  it('agrees with the CSAF schema pattern on every variation of a name, character by character', () => {
    const base = 'cpe:2.3:a:acme:widget:1.0:*:en:*:*:*:*:*';
    const chars = [
      ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)),
      '\\\\',
      '\t',
      'é',
      '\u0000',
    ];
    let checked = 0;
    for (let i = 8; i <= base.length; i++) {
      for (const c of chars) {
        for (const variant of [
          base.slice(0, i) + c + base.slice(i),
          base.slice(0, i) + c + base.slice(i + 1),
        ]) {
          expect(isCpe23(variant), variant).toBe(CSAF_CPE23.test(variant));
          expect(CPE23_PATTERN.test(variant), variant).toBe(CSAF_CPE23.test(variant));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });

  it('splits on unescaped colons only and keeps the escapes', () => {
    const parsed = parseCpe23('cpe:2.3:a:foo:bar\\:baz:1.0:*:*:*:*:*:*:*');
    expect(parsed.cpe).toMatchObject({
      part: 'a',
      vendor: 'foo',
      product: 'bar\\:baz',
      version: '1.0',
      other: '*',
    });
    expect(unescapeCpeValue(parsed.cpe!.product)).toBe('bar:baz');
    expect(formatCpe23(parsed.cpe!)).toBe('cpe:2.3:a:foo:bar\\:baz:1.0:*:*:*:*:*:*:*');
  });

  it('writes literal values as attributes', () => {
    expect(cpeValue('2.4.1')).toBe('2.4.1');
    expect(cpeValue('1.0 (beta)')).toBe('1.0_\\(beta\\)');
    expect(cpeValue('C++')).toBe('c\\+\\+');
    expect(cpeValue('')).toBe('*');
    expect(cpeValue('-')).toBe('-');
    expect(cpeValue('version é')).toBeNull();
    const cpe = parseCpe23('cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*').cpe!;
    expect(isCpe23(formatCpe23({ ...cpe, version: cpeValue('2.0 rc:1')! }))).toBe(true);
  });
});

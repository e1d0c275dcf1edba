// What the CPE search says about a query written as a CPE name, and how it reads an attribute.
import { describe, expect, it } from 'vitest';
import { CPE_MESSAGES } from '@cvdp/core/cpe/index';
import { cpeQueryError, readCpeValue } from './CpePage.tsx';

describe('cpeQueryError', () => {
  it('says nothing about plain words or a valid name', () => {
    expect(cpeQueryError('php_group')).toBeNull();
    expect(cpeQueryError('cpe:2.3:a:php_group:php:8.1.0:*:*:*:*:*:*:*')).toBeNull();
  });

  it('takes the start of a name as a search, checking only the attributes given', () => {
    expect(cpeQueryError('cpe:2.3')).toBeNull();
    expect(cpeQueryError('cpe:2.3:a:php_group')).toBeNull();
    expect(cpeQueryError('cpe:2.3:a:php_group:')).toBeNull();
    expect(cpeQueryError('cpe:2.3:x:php_group')).toBe(CPE_MESSAGES.part);
    expect(cpeQueryError('cpe:2.3:a:php group')).toBe(CPE_MESSAGES.value('vendor'));
  });

  it('explains a name with too many attributes or the wrong prefix', () => {
    expect(cpeQueryError('cpe:2.3:a:v:p:1:*:*:*:*:*:*:*:extra')).toBe(CPE_MESSAGES.count(12));
    expect(cpeQueryError('cpe:/a:php_group:php')).toBe(CPE_MESSAGES.prefix);
  });
});

describe('readCpeValue', () => {
  it('spells out ANY, NA and the part, and removes escapes', () => {
    expect(readCpeValue('version', '*')).toBe('ANY (*)');
    expect(readCpeValue('update', '-')).toBe('NA (-)');
    expect(readCpeValue('part', 'o')).toBe('operating system (o)');
    expect(readCpeValue('product', 'c\\+\\+')).toBe('c++');
  });
});

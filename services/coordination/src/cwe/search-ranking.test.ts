import { describe, expect, it } from 'vitest';
import { rankCwes, type SearchableCwe } from './search-ranking.ts';
import { cweSearchText, splitSearchText } from './search-text.ts';

function entry(id: number, name: string, description: string, alternateTerms: string[] = []): SearchableCwe {
  const searchText = cweSearchText({ id, name, description, alternateTerms });
  return {
    id,
    ...splitSearchText(id, searchText),
    result: {
      cwe: `CWE-${id}`,
      name,
      description,
      children: [],
      usage: 'Allowed',
      slice_1003: false,
      kind: 'weakness',
      abstraction: 'Base',
      status: 'Draft',
      mapping_note: null,
    },
  };
}

const entries = [
  entry(7, 'Buffer overflow', 'Writes past the end; see CWE-79 for scripts.'),
  entry(79, 'Cross-site Scripting', 'Script injection into pages.', ['XSS']),
  entry(89, 'SQL Injection', 'Query built from input.'),
  entry(179, 'Early validation', 'Validates too early.'),
  entry(790, 'Improper filtering', 'Filtering of special elements.'),
  entry(1790, 'Unrelated', 'Nothing to see.'),
];
const ids = (term: string) => rankCwes(entries, term).map((e) => e.id);

describe('rankCwes', () => {
  it('returns everything in id order for an empty term', () => {
    expect(ids('')).toEqual([7, 79, 89, 179, 790, 1790]);
    expect(ids('   ')).toEqual([7, 79, 89, 179, 790, 1790]);
  });

  it.each(['79', 'CWE-79', 'cwe-79', 'cwe79', 'CWE 79', ' 079 '])(
    '%j: exact id, then ids starting with it, then entries mentioning it — not 179 or 1790',
    (term) => {
      const result = ids(term);
      expect(result.slice(0, 2)).toEqual([79, 790]);
      expect(result).not.toContain(179);
      expect(result).not.toContain(1790);
    },
  );

  it('finds an entry mentioning a CWE id in its description', () => {
    expect(ids('CWE-79')).toEqual([79, 790, 7]);
  });

  it('ranks name matches before description matches, each by id', () => {
    // 'injection' is in the name of 89 and in the description of 79.
    expect(ids('injection')).toEqual([89, 79]);
    expect(ids('INJECT')).toEqual([89, 79]);
  });

  it('counts MITRE alternate terms as names', () => {
    expect(ids('xss')).toEqual([79]);
  });

  it('needs every word, anywhere in name or description', () => {
    expect(ids('sql input')).toEqual([89]);
    expect(ids('sql scripts')).toEqual([]);
    expect(ids('cwe 79 xss')).toEqual([79]);
  });

  it('finds nothing for unknown words', () => {
    expect(ids('zzzz')).toEqual([]);
  });
});

// word-stats.ts without a database: a tsquery's lexemes, and a lexeme's share from the statistics (a prefix
// counts as its most common completion), and a parse remembered (a stand-in handle that counts what it is asked).
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Db } from './database.ts';
import { lexemeShare, rememberedParse, tsqueryLexemes, type WordStats } from './word-stats.ts';

it("reads a tsquery's lexemes, prefixes and quotes included", () => {
  expect(tsqueryLexemes(`'sql' & 'injection':*`)).toEqual([
    { lexeme: 'sql', prefix: false },
    { lexeme: 'injection', prefix: true },
  ]);
  expect(tsqueryLexemes(`'o''neil' <-> 'x':*AB | !'y':A`)).toEqual([
    { lexeme: "o'neil", prefix: false },
    { lexeme: 'x', prefix: true },
    { lexeme: 'y', prefix: false },
  ]);
  expect(tsqueryLexemes('')).toEqual([]);
});

it('gives a common lexeme its share, a prefix its most common completion, anything else 0', () => {
  const stats: WordStats = {
    at: 0,
    rows: 1000,
    pages: 10,
    shares: new Map([
      ['injection', 0.04],
      ['injections', 0.01],
      ['sql', 0.05],
    ]),
  };
  expect(lexemeShare(stats, { lexeme: 'sql', prefix: false })).toBe(0.05);
  expect(lexemeShare(stats, { lexeme: 'inj', prefix: true })).toBe(0.04);
  expect(lexemeShare(stats, { lexeme: 'inj', prefix: false })).toBe(0);
  expect(lexemeShare(stats, { lexeme: 'zebra', prefix: true })).toBe(0);
});

it('asks the database once per distinct words, within its bound', async () => {
  const asked: string[] = [];
  const db = {
    execute: (query: ReturnType<typeof sql>) => {
      const words = String(query.queryChunks.find((c) => typeof c === 'string'));
      asked.push(words);
      return Promise.resolve({ rows: [{ value: words.toUpperCase().split(' ') }] });
    },
  } as unknown as Db;
  const parse = rememberedParse<string[]>((words) => sql`select ${words} as value`, 2);
  expect(await parse(db, 'sql injection')).toEqual(['SQL', 'INJECTION']);
  expect(await parse(db, 'sql injection')).toEqual(['SQL', 'INJECTION']);
  expect(asked).toEqual(['sql injection']);
  await parse(db, 'xss');
  await parse(db, 'csrf'); // the bound of 2: 'sql injection' is the least recent and goes
  await parse(db, 'sql injection');
  expect(asked).toEqual(['sql injection', 'xss', 'csrf', 'sql injection']);
});

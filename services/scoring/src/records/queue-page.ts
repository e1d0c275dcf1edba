// A page of the queue (GET /api/vuls/): its capped count, then its rows as JSON text — as prepared statements,
// one per shape, wherever the shape alone fixes the plan.
//
// Measured at 300,000 records (bench/README.md, issue 30): every page request built its statements with
// drizzle, and PostgreSQL parsed and planned the page again each time (0.5 ms parse and 1.1 ms bind against
// 2.3 ms of execution for the default page). Prepared by name, a connection parses it once, and once its
// plan is the same whatever the values, PostgreSQL keeps a generic plan (prepared-once.ts).
//
// A shape is prepared only where no value can change the plan:
// - the closed sets (status, severity, yes/no) are written into the SQL (store.ts, filterConditions), so
//   `status=scored` (a few records) and `status=open` (most) are two statements with their own plans;
// - a scorer's id (`assigned=me`, `assigned=<id>`) is a value whose good plan depends on it (a scorer with
//   nothing assigned, or a tenth of the queue), so those lists are planned per request; so are dates, unless
//   every date filter bounds the ordering's own column (`published_after` by `-published`: whatever the
//   range, the page is the first rows of that index within it);
// - the lock's lifetime is a setting, written in and named (`l1t7200`), so `locked=` is planned once too;
// - words are a parameter only where the reading fixes the plan: few matches (every match through the text
//   index, then sorted) and a walk of the ordering; a count of words is always the text index. A page of
//   words whose matches are dense but not common is left to the planner, as is a CVE id prefix.
// The first page of the queue screen's size is written in (preparedWindow), and at most MAX_SHAPES
// statements a database handle: beyond them, lists are planned per request, so that no one can make a
// connection hold a statement per combination of filters.
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { COUNT_CAP, type Db, preparedWindow, preparedWithin, sqlNumber } from '@cvdp/server-kit';
import { VUL_PAGE_SIZE, VUL_SEVERITIES, VUL_STATUSES, type VulListQuery } from '@cvdp/core/scoring/index';
import {
  type PageIdsReading,
  countCached,
  countVuls,
  countVulsQuery,
  dateBounds,
  fewMatchesPageIds,
  pageIds,
  pageJsonQuery,
  queueConditions,
  readPageJson,
} from './store.ts';
import { commonPhrase, walkPageIds, walkRows } from './common-phrase.ts';

/** Statements a database handle prepares for the queue at most; further shapes are planned per request. */
export const MAX_SHAPES = 200;

/**
 * The statement name's stem for the list `q` when its shape fixes its plan (above), else null. Every literal
 * the SQL holds is in the name: the ordering, the closed sets' values, which yes/no.
 */
export function preparedShape(q: VulListQuery, words: string | null, lockSeconds: number): string | null {
  if (q.assigned !== undefined && q.assigned !== 'none') return null;
  const field = q.ordering.replace('-', '');
  if ((q.published_after || q.published_before) && field !== 'published') return null;
  if ((q.modified_after || q.modified_before) && field !== 'modified') return null;
  if (q.query && !words) return null;
  const yesNo = (v: boolean | undefined, code: string) => (v === undefined ? '' : `${code}${v ? 1 : 0}`);
  const severities = q.severity
    ? q.severity.reduce((bits, s) => bits | (1 << VUL_SEVERITIES.indexOf(s)), 0)
    : 0;
  return [
    'vq',
    q.ordering.replace('-', 'd'),
    q.status ? `s${VUL_STATUSES.indexOf(q.status)}` : '',
    yesNo(q.kev, 'k'),
    yesNo(q.has_ssvc, 'h'),
    severities ? `v${severities}` : '',
    q.assigned === 'none' ? 'an' : '',
    q.locked === undefined ? '' : `${yesNo(q.locked, 'l')}t${lockSeconds}`,
    q.published_after ? 'pa' : '',
    q.published_before ? 'pb' : '',
    q.modified_after ? 'ma' : '',
    q.modified_before ? 'mb' : '',
    words ? 'w' : '',
  ]
    .filter(Boolean)
    .join('_');
}

/** The count and the page of one request for the queue, in that order (paginateCapped's two steps). */
export interface QueueReader {
  /** The matches up to bound + 1. */
  count(bound: number): Promise<number>;
  /** The page's rows as a JSON array's text. */
  page(limit: number, offset: number): Promise<string>;
}

export function queueReader(db: Db, q: VulListQuery, me: number, lockSeconds: number): QueueReader {
  const { where, filters, words, text } = queueConditions(q, me, lockSeconds);
  const stem = preparedShape(q, words, lockSeconds);
  const placeholders = { words: sql.placeholder('words'), lockSeconds: sql.placeholder('lockSeconds') };
  // The same conditions with the words and the dates as placeholders and the lock's lifetime written in (the
  // stem names it): the prepared statements' SQL.
  const prepared = () =>
    queueConditions(q, me, lockSeconds, {
      words: placeholders.words,
      lockSeconds: sqlNumber(lockSeconds),
      dates: {
        publishedFrom: sql.placeholder('publishedFrom'),
        publishedUntil: sql.placeholder('publishedUntil'),
        modifiedFrom: sql.placeholder('modifiedFrom'),
        modifiedUntil: sql.placeholder('modifiedUntil'),
      },
    });
  const dates = dateBounds(q);
  let dense = false;

  /** The statement named `name`, prepared once; null past MAX_SHAPES or for a name over 63 bytes. */
  const statement = <T>(name: string, build: () => T): T | null =>
    preparedWithin(db, 'scoring-queue', MAX_SHAPES, name, build);

  return {
    async count(bound) {
      const inlined = bound === COUNT_CAP;
      const name = stem && `${stem}_n${inlined ? `c${bound + 1}` : ''}`;
      const counter =
        name &&
        statement(name, () => {
          const upTo: number | Placeholder = inlined ? sqlNumber(bound + 1) : sql.placeholder('upTo');
          return countVulsQuery(db, prepared().where, upTo).prepare(name);
        });
      const params = { words, lockSeconds, upTo: bound + 1, ...dates };
      const n = counter
        ? await countCached(db, `${name}\u0000${JSON.stringify(params)}`, async () => {
            const [row] = await counter.execute(params);
            return row.n;
          })
        : await countVuls(db, where, bound);
      dense = n > bound;
      return n;
    },

    async page(limit, offset) {
      // A phrase of common words whose count is capped (its matches are dense) is paged by walking the
      // ordering's index (common-phrase.ts); words whose count is not capped are few: read them all and sort.
      const phrase = dense ? await commonPhrase(db, words, filters) : null;
      const reading = { phrase, fewMatches: text && !dense };
      const w = preparedWindow(limit, offset, VUL_PAGE_SIZE);
      const params = {
        ...dates,
        words,
        lockSeconds,
        limit,
        offset,
        walkRows: phrase ? walkRows(phrase, limit, offset) : 0,
      };
      return readPageJson(db, q.ordering, limit, offset, reading, async (how) => {
        // Words read through the index are left to the planner, which weighs them against the ordering.
        // The first page's walk length is written in with its window (its own name: `_r2000`): with the
        // walk's LIMIT unknown, the generic plan was priced for a tenth of the table and never kept.
        const walkInlined = how === 'walk' && w.suffix !== '';
        const name =
          stem && !(text && how === 'index')
            ? `${stem}_${how[0]}${w.suffix}${walkInlined ? `_r${params.walkRows}` : ''}`
            : null;
        const page =
          name &&
          statement(name, () => {
            const c = prepared();
            const walk = walkInlined ? sqlNumber(params.walkRows) : sql.placeholder('walkRows');
            const ids = idsQuery(how, c.where, c.filters, placeholders.words, w.limit, w.offset, walk);
            return pageJsonQuery(db, ids, q.ordering, placeholders.lockSeconds).prepare(name);
          });
        const rows = page
          ? await page.execute(params)
          : await pageJsonQuery(
              db,
              idsQuery(how, where, filters, words, limit, offset, params.walkRows),
              q.ordering,
              lockSeconds,
            );
        return rows.map((r) => r.json);
      });

      /** The page's ids the way `how` reads them, with values or with placeholders. */
      function idsQuery(
        how: PageIdsReading,
        all: SQL | undefined,
        other: SQL | undefined,
        tsquery: string | Placeholder | null,
        size: number | Placeholder,
        from: number | Placeholder,
        walk: number | Placeholder,
      ) {
        if (how === 'walk')
          return walkPageIds(db, { filters: other, words: tsquery ?? '' }, q.ordering, size, from, walk);
        return (how === 'few' ? fewMatchesPageIds : pageIds)(db, all, q.ordering, size, from);
      }
    },
  };
}

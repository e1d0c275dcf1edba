// The CWE catalogue held in memory for searching. It is about 1,400 rows that change only on an import, and
// an in-process search answers in well under a millisecond where a per-request ILIKE scan would cost the
// database a few (see bench/README.md). The stored rows stay the source of truth: the snapshot is rebuilt
// when cwe_catalog says another release (or a re-import) was loaded.
import { asc } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '@cvdp/server-kit';
import { cweCatalog, cweEntries } from './tables.ts';
import { CWE_USAGE, formatCweId, isRetiredCwe, type CweKind, type CweMappingNote } from '@cvdp/core';
import { rankCwes, normalizeSearchTerm, type SearchableCwe } from './search-ranking.ts';
import { splitSearchText } from './search-text.ts';

/** An import by another process (npm run cwe:import) shows up in searches after at most this long. */
const RECHECK_AFTER_MS = 2_000;
/** Distinct search terms whose ranked lists are kept per snapshot (least recently used goes first). */
const RANKED_TERMS_KEPT = 500;
/** Serialised result pages kept per snapshot; a page of 100 is about 16 kB, so at most ~16 MB. */
const PAGES_KEPT = 1_000;

export interface CweSnapshot {
  /** cwe_catalog version and import time; '' and 0 when no catalogue is loaded. */
  version: string;
  importedAt: number;
  entries: SearchableCwe[];
  /** Ranked list for a term; cached because people (and typeaheads) repeat terms. */
  search(term: string): SearchableCwe[];
  /**
   * One page of a search with its results already as JSON text. Serialising 100 entries costs more than
   * ranking them, and the same pages are asked for again and again (the first page of common terms).
   * `retired: false` leaves MITRE's Deprecated and Obsolete entries out.
   */
  page(
    term: string,
    page: number,
    pageSize: number,
    options?: { retired?: boolean },
  ): { count: number; resultsJson: string };
}

type CweRow = typeof cweEntries.$inferSelect;

/** The note explains a usage other than Allowed; an Allowed entry's note only says its level is fine. */
function mappingNote(row: CweRow): CweMappingNote {
  if (row.usage === CWE_USAGE.allowed) return null;
  return { rationale: row.mappingRationale, comments: row.mappingComments };
}

interface SnapshotState {
  snapshot?: CweSnapshot;
  checkedAt: number;
  pending?: Promise<CweSnapshot>;
}

const states = new WeakMap<Db, SnapshotState>();

function buildSnapshot(version: string, importedAt: number, rows: CweRow[]): CweSnapshot {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const entries: SearchableCwe[] = rows.map((row) => ({
    id: row.id,
    ...splitSearchText(row.id, row.searchText),
    result: {
      cwe: formatCweId(row.id),
      name: row.name,
      description: row.description,
      children: row.children.flatMap((id) => {
        const child = byId.get(id);
        if (!child) return [];
        const { name, usage, status } = child;
        return [{ cwe: formatCweId(id), name, usage, status, mapping_note: mappingNote(child) }];
      }),
      usage: row.usage,
      slice_1003: row.slice1003,
      kind: row.kind as CweKind,
      abstraction: row.abstraction,
      status: row.status,
      mapping_note: mappingNote(row),
    },
  }));
  const ranked = new LRUCache<string, SearchableCwe[]>({
    max: RANKED_TERMS_KEPT,
    memoMethod: (term) => rankCwes(entries, term),
  });
  const pages = new LRUCache<string, { count: number; resultsJson: string }>({ max: PAGES_KEPT });
  const search = (rawTerm: string) => ranked.memo(normalizeSearchTerm(rawTerm));
  return {
    version,
    importedAt,
    entries,
    search,
    page(rawTerm, page, pageSize, { retired = true } = {}) {
      const term = normalizeSearchTerm(rawTerm);
      const key = `${page}/${pageSize}/${retired ? 'all' : 'current'}/${term}`;
      const hit = pages.get(key);
      if (hit) return hit;
      const ranked = search(term);
      const list = retired ? ranked : ranked.filter((entry) => !isRetiredCwe(entry.result));
      const start = (page - 1) * pageSize;
      const results = list.slice(start, start + pageSize).map((entry) => entry.result);
      const answer = { count: list.length, resultsJson: JSON.stringify(results) };
      pages.set(key, answer);
      return answer;
    },
  };
}

async function refresh(db: Db, state: SnapshotState): Promise<CweSnapshot> {
  const [catalog] = await db
    .select({ version: cweCatalog.version, importedAt: cweCatalog.importedAt })
    .from(cweCatalog)
    .limit(1);
  const version = catalog?.version ?? '';
  const importedAt = catalog?.importedAt.getTime() ?? 0;
  const current = state.snapshot;
  if (current && current.version === version && current.importedAt === importedAt) return current;
  const rows = catalog ? await db.select().from(cweEntries).orderBy(asc(cweEntries.id)) : [];
  return buildSnapshot(version, importedAt, rows);
}

export async function cweSnapshot(db: Db): Promise<CweSnapshot> {
  let state = states.get(db);
  if (!state) {
    state = { checkedAt: 0 };
    states.set(db, state);
  }
  if (state.snapshot && Date.now() - state.checkedAt < RECHECK_AFTER_MS) return state.snapshot;
  // Concurrent requests share one check instead of each asking the database.
  let pending = state.pending;
  if (!pending) {
    const s = state;
    pending = s.pending = refresh(db, s)
      .then((snapshot) => {
        // A forget (import in this process) during the refresh wins: this result may be stale.
        if (states.get(db) === s) {
          s.snapshot = snapshot;
          s.checkedAt = Date.now();
        }
        return snapshot;
      })
      .finally(() => {
        s.pending = undefined;
      });
    // Callers holding an older snapshot don't wait for this; a failure is retried by the next request.
    pending.catch(() => undefined);
  }
  // While re-checking, keep answering from the snapshot we have rather than queueing behind the database.
  return state.snapshot ?? pending;
}

/** After an import in this process: the next search reloads. */
export function forgetCweSnapshot(db: Db): void {
  states.delete(db);
}

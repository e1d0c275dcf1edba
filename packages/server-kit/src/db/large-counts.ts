// Large counts of a list, remembered for a moment (issue 30). A list's count stops at a cap ("1,000+"), but a
// count that reaches the cap still reads at least that many rows, and often far more when its matches are
// sparse along what it reads; asked again by the next page, the next refresh or the next person at the desk,
// it reads them all again. Kept for `ttlMs`, a count of at least `min` is answered from memory instead.
//
// What makes this safe to show (docs/architecture.md, "Caches"):
// - only counts that are large are kept: such a count is shown capped, or as a figure in the thousands, and
//   a count below `min` is always the database's own answer at the time of the request;
// - every write through this process drops them all at once (`dropOnWrites`: each unsafe request of a service,
//   as its answer is sent; `changed()`: a worker after each batch it writes); another process's writes are
//   seen within `ttlMs`;
// - the key names everything the count depends on, the caller included where the count depends on who asks
//   (a count of what one person may see is never another's).
// When a kept count goes stale, the requests that ask for it meanwhile share one recount: under fifty
// clients each stale count was otherwise counted by every request that asked before the first recount ended
// (195 counts of 77 ms in one 12 s run of the scoring queue at 300,000 records; bench/README.md).
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';

export interface LargeCountOptions {
  /** The smallest count kept. */
  min: number;
  /** How long a kept count is answered from memory, unless this process writes first. */
  ttlMs: number;
  /** The counts kept per database handle (the last used). */
  max: number;
}

type Kept = { n: number; at: number; generation: number };
type Recount = { n: Promise<number>; generation: number };

export class LargeCounts {
  private generation = 0;
  private readonly kept = new WeakMap<object, LRUCache<string, Kept>>();
  private readonly recounts = new WeakMap<object, Map<string, Recount>>();

  constructor(readonly options: LargeCountOptions) {}

  /** This process wrote something the counts may cover: every kept count is stale. */
  changed() {
    this.generation++;
  }

  /**
   * Every unsafe request of `app` (a service's routes) drops the kept counts as its answer is sent: after its
   * write committed, so a count begun before the write is not kept past it (count() notes the generation first).
   */
  dropOnWrites(app: FastifyInstance) {
    app.addHook('onSend', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS')
        this.changed();
    });
  }

  /** The count named `key` on `db`: from memory while it is fresh, else `count()` (shared while it runs). */
  async count(db: object, key: string, count: () => Promise<number>): Promise<number> {
    let kept = this.kept.get(db);
    if (!kept) this.kept.set(db, (kept = new LRUCache<string, Kept>({ max: this.options.max })));
    const hit = kept.get(key);
    const now = Date.now();
    if (hit && hit.generation === this.generation && now - hit.at < this.options.ttlMs) return hit.n;
    let running = this.recounts.get(db);
    if (!running) this.recounts.set(db, (running = new Map<string, Recount>()));
    const recount = running.get(key);
    // A stale large count already being counted again since the last write: that count is this one's too.
    if (hit && recount && recount.generation === this.generation) return recount.n;
    // The generation before counting: a write that lands meanwhile makes this result stale at once.
    const generation = this.generation;
    const n = count().then((n) => {
      if (n >= this.options.min) kept.set(key, { n, at: now, generation });
      else kept.delete(key);
      return n;
    });
    // Only a count known to be large is shared: a small one stays each request's own.
    if (hit) {
      const entry = { n, generation };
      running.set(key, entry);
      const done = () => running.get(key) === entry && running.delete(key);
      void n.then(done, done);
    }
    return n;
  }
}

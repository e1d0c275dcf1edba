// Embedded test databases reused across the test files of one worker.
//
// Starting PGlite from the template dump costs 1–3 s of CPU (unpacking ~48 MB into its in-memory file
// system, PostgreSQL's start-up); a run opens ~150 of them, which was half the time of the PGlite pass. A test
// file's database is instead an instance an earlier file of the same worker closed, put back into the
// template's state first: its tables emptied (TRUNCATE … RESTART IDENTITY, triggers off) where they hold
// anything, the template's own rows (the CWE catalogue, email templates, the migration journal) written back
// where they changed, sequences and planner statistics as they were, the session discarded. A file that
// changed the schema (a trigger disabled, a table or function added) gives its instance up: the catalogue's
// fingerprint must match the template's, else the next file gets a fresh one.
//
// A file never sees the one before it: its handle is a proxy of the instance that stops working when the file
// closes it (stray work left running then fails, as on a closed database), with its own LISTEN subscriptions,
// removed at close, and its own properties (a test that wraps `query` wraps it for itself only).
import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import {
  type Database,
  type Db,
  EMBEDDED_SHARED_BUFFERS,
  openPglite,
  pgliteNotifications,
  registerNotifications,
} from '../src/index.ts';

/** Instances kept for the next files; a file that opens more at once (two instances of a transfer) gets fresh ones. */
const MAX_IDLE = 2;

interface TableState {
  name: string;
  reltuples: number;
  relpages: number;
}

interface TemplateTable extends TableState {
  rows: number;
  /** The columns an INSERT may write (generated ones are computed again). */
  columns: string[];
  /** The rows as JSON, written back with json_populate_recordset. */
  json: string;
}

interface Snapshot {
  fingerprint: string;
  /**
   * Transactions from this one on are the tests' own: a template row with a newer xmin was changed. Moved
   * on after each reset (the rows written back are newer).
   */
  firstTestXid: bigint;
  tables: Map<string, TableState>;
  templateTables: TemplateTable[];
  sequences: Map<string, string | null>;
  /** The tables whose foreign keys point at each table: TRUNCATE must take them too. */
  referencing: Map<string, string[]>;
}

interface Instance {
  client: PGlite;
  snapshot: Snapshot;
}

const idle = new Map<string, Instance[]>();
const counts = { opened: 0, reused: 0, givenUp: 0 };

/**
 * How many instances this worker opened, how many times one was handed out again, and how many could not be
 * reset (for its test).
 */
export const reuseCounts = () => ({ ...counts });
const dumps = new Map<string, Promise<Blob>>();

const SCHEMAS = `('public', 'drizzle')`;

/** What a test can change in the catalogue; the instance is reused only when this is as the template had it. */
const FINGERPRINT = `
  select md5(string_agg(item, ',' order by item)) as fingerprint from (
    select 'c' || c.oid || c.relkind::text || c.relname || c.relnatts as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
    union all select 'a' || attrelid || attname || atttypid || attnotnull || attisdropped
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ${SCHEMAS} and a.attnum > 0
    union all select 't' || oid || tgenabled::text from pg_trigger
    union all select 'p' || p.oid || md5(p.prosrc) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
    union all select 'k' || oid || convalidated from pg_constraint
    union all select 'i' || indexrelid || indisvalid || indisready from pg_index
    union all select 'n' || oid || nspname from pg_namespace
      where nspname not like 'pg\\_temp\\_%' and nspname not like 'pg\\_toast\\_temp\\_%'
    union all select 'r' || oid || rolname from pg_roles
    union all select 'e' || oid || extversion from pg_extension
    union all select 'w' || oid || ev_enabled::text from pg_rewrite
    union all select 's' || coalesce(array_to_string(setconfig, ';'), '') from pg_db_role_setting
  ) items`;

const TABLES = `
  select c.oid::regclass::text as name, c.reltuples::float8 as reltuples, c.relpages as relpages,
         pg_relation_size(c.oid) as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind = 'r' and n.nspname in ${SCHEMAS}`;

const SEQUENCES = `
  select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as last_value
    from pg_sequences where schemaname in ${SCHEMAS}`;

async function rows<T>(client: PGlite, sql: string, params?: unknown[]) {
  return (await client.query<T>(sql, params)).rows;
}

async function takeSnapshot(client: PGlite): Promise<Snapshot> {
  const tables = new Map<string, TableState>();
  const templateTables: TemplateTable[] = [];
  for (const t of await rows<TableState & { bytes: number }>(client, TABLES)) {
    tables.set(t.name, { name: t.name, reltuples: t.reltuples, relpages: t.relpages });
    if (Number(t.bytes) === 0) continue;
    const [{ n, json }] = await rows<{ n: number; json: string | null }>(
      client,
      `select count(*)::int as n, json_agg(t)::text as json from ${t.name} t`,
    );
    if (n === 0) continue;
    const columns = (
      await rows<{ column: string }>(
        client,
        `select quote_ident(attname) as column from pg_attribute
          where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
          order by attnum`,
        [t.name],
      )
    ).map((c) => c.column);
    templateTables.push({ ...t, rows: n, columns, json: json ?? '[]' });
  }
  const sequences = new Map(
    (await rows<{ name: string; last_value: string | null }>(client, SEQUENCES)).map((s) => [
      s.name,
      s.last_value,
    ]),
  );
  const [{ fingerprint }] = await rows<{ fingerprint: string }>(client, FINGERPRINT);
  const referencing = new Map<string, string[]>();
  for (const fk of await rows<{ target: string; source: string }>(
    client,
    `select confrelid::regclass::text as target, conrelid::regclass::text as source from pg_constraint
      where contype = 'f' and conrelid <> confrelid`,
  )) {
    referencing.set(fk.target, [...(referencing.get(fk.target) ?? []), fk.source]);
  }
  return {
    fingerprint,
    firstTestXid: await nextXid(client),
    tables,
    templateTables,
    sequences,
    referencing,
  };
}

/**
 * Puts the instance back into the template's state; false when it cannot be (the schema changed), and the
 * instance must not be used again.
 */
async function resetToTemplate({ client, snapshot }: Instance): Promise<boolean> {
  // A transaction a test left open, then everything of the session: temporary tables, prepared statements,
  // LISTEN, advisory locks, settings.
  await client.exec('rollback').catch(() => {});
  await client.exec('discard all');
  const [{ fingerprint }] = await rows<{ fingerprint: string }>(client, FINGERPRINT);
  if (fingerprint !== snapshot.fingerprint) return false;

  const templateNames = new Set(snapshot.templateTables.map((t) => t.name));
  const dirty = new Set<string>();
  for (const t of await rows<TableState & { bytes: number }>(client, TABLES)) {
    const was = snapshot.tables.get(t.name);
    if (!was) return false;
    if (templateNames.has(t.name)) continue;
    if (Number(t.bytes) > 0 || t.reltuples !== was.reltuples || t.relpages !== was.relpages)
      dirty.add(t.name);
  }
  const restore: TemplateTable[] = [];
  if (snapshot.templateTables.length) {
    const checks = snapshot.templateTables
      .map(
        (t, i) =>
          `select ${i} as i, (select count(*) from ${t.name})::int as n,
                  exists (select 1 from ${t.name} where xmin::text::bigint >= ${snapshot.firstTestXid}) as changed,
                  (select reltuples::float8 from pg_class where oid = '${t.name}'::regclass) as reltuples,
                  (select relpages from pg_class where oid = '${t.name}'::regclass) as relpages`,
      )
      .join(' union all ');
    for (const c of await rows<{
      i: number;
      n: number;
      changed: boolean;
      reltuples: number;
      relpages: number;
    }>(client, checks)) {
      const t = snapshot.templateTables[c.i];
      if (c.changed || c.n !== t.rows || c.reltuples !== t.reltuples || c.relpages !== t.relpages) {
        dirty.add(t.name);
        restore.push(t);
      }
    }
  }

  // TRUNCATE refuses a table whose rows other tables may reference unless those go too (even empty).
  const pending = [...dirty];
  while (pending.length) {
    for (const source of snapshot.referencing.get(pending.pop()!) ?? []) {
      if (dirty.has(source)) continue;
      dirty.add(source);
      pending.push(source);
      const template = snapshot.templateTables.find((t) => t.name === source);
      if (template && !restore.includes(template)) restore.push(template);
    }
  }

  await client.transaction(async (tx) => {
    // Triggers and foreign keys off: the tables are emptied and the template's rows written back as they were.
    await tx.exec('set local session_replication_role = replica');
    if (dirty.size) await tx.exec(`truncate ${[...dirty].join(', ')} restart identity`);
    for (const t of restore) {
      const cols = t.columns.join(', ');
      await tx.query(
        `insert into ${t.name} (${cols}) overriding system value
         select ${cols} from json_populate_recordset(null::${t.name}, $1::json)`,
        [t.json],
      );
      await tx.query(`update pg_class set reltuples = $2, relpages = $3 where oid = $1::regclass`, [
        t.name,
        t.reltuples,
        t.relpages,
      ]);
    }
    for (const s of (await tx.query<{ name: string; last_value: string | null }>(SEQUENCES)).rows) {
      if (!snapshot.sequences.has(s.name)) continue;
      const was = snapshot.sequences.get(s.name) ?? null;
      if (s.last_value === was) continue;
      if (was === null) await tx.exec(`alter sequence ${s.name} restart`);
      else await tx.query(`select setval($1::regclass, $2::bigint, true)`, [s.name, was]);
    }
    // What ANALYZE learned from the file's rows (word statistics read pg_stats).
    await tx.exec(`delete from pg_statistic where starelid in (
      select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ${SCHEMAS})`);
  });
  snapshot.firstTestXid = await nextXid(client);
  return true;
}

async function nextXid(client: PGlite) {
  const [{ xid }] = await rows<{ xid: string }>(client, `select pg_current_xact_id()::text as xid`);
  return BigInt(xid) + 1n;
}

async function openInstance(templateFile: string): Promise<Instance> {
  let dump = dumps.get(templateFile);
  if (!dump)
    dumps.set(templateFile, (dump = readFile(templateFile).then((b) => new Blob([new Uint8Array(b)]))));
  // The platform's own page cache size: 128 MB (PGlite's default) cost ~0.4 s per start to clear.
  const database = await openPglite({
    loadDataDir: await dump,
    sharedBuffers: EMBEDDED_SHARED_BUFFERS,
  });
  await database.notifications.close();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return { client, snapshot: await takeSnapshot(client) };
}

type Unsubscribe = () => Promise<void>;

/** A handle on the instance for one test file: it stops working, and its LISTENs end, when the file closes it. */
function lend(instance: Instance, templateFile: string): Database {
  const { client } = instance;
  let closed = false;
  const subscriptions = new Set<Unsubscribe>();
  const own = new Map<PropertyKey, unknown>();
  const remember = (unsubscribe: () => unknown) => {
    const tracked = async () => {
      subscriptions.delete(tracked);
      await unsubscribe();
    };
    subscriptions.add(tracked);
    return tracked;
  };
  // LISTEN through this handle is ended when it closes (a listener left behind would hear the next file).
  const wrapped: Record<PropertyKey, unknown> = {
    listen: async (...args: Parameters<PGlite['listen']>) => remember(await client.listen(...args)),
    onNotification: (callback: Parameters<PGlite['onNotification']>[0]) => {
      const tracked = remember(client.onNotification(callback));
      return () => void tracked();
    },
  };
  const handle = new Proxy(client, {
    get(target, key) {
      if (own.has(key)) return own.get(key);
      if (key === 'closed') return closed || target.closed;
      const value: unknown = key in wrapped ? wrapped[key] : Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (closed) return () => Promise.reject(new Error('this test database was closed'));
      return key in wrapped ? value : (value as (...a: unknown[]) => unknown).bind(target);
    },
    set(_target, key, value) {
      own.set(key, value);
      return true;
    },
  });
  // The wiring openPglite (database.ts) does for a client, here for the handle: openPglite imports the drizzle
  // driver only when the embedded database is opened, so the three lines are not shared through a helper.
  const db = drizzlePglite({ client: handle }) as unknown as Db;
  const notifications = pgliteNotifications(handle);
  registerNotifications(db, notifications);
  return {
    db,
    kind: 'pglite',
    notifications,
    async close() {
      if (closed) return;
      await notifications.close();
      for (const unsubscribe of [...subscriptions]) await unsubscribe().catch(() => {});
      closed = true;
      // A reset that fails is this module's fault, not the file's: said, and the instance given up.
      const reusable =
        !client.closed &&
        (await resetToTemplate(instance).catch((error: unknown) => {
          console.warn('pglite-reuse: could not reset a test database; the next file gets a new one', error);
          return false;
        }));
      const list = idle.get(templateFile) ?? [];
      if (reusable && list.length < MAX_IDLE) {
        list.push(instance);
        idle.set(templateFile, list);
      } else {
        if (!reusable) counts.givenUp++;
        if (!client.closed) await client.close();
      }
    },
  };
}

/** A database in the template's state: an idle instance of this worker, reset, or a new one. */
export async function reusedPglite(templateFile: string): Promise<Database> {
  let instance = idle.get(templateFile)?.pop();
  if (instance) counts.reused++;
  else {
    instance = await openInstance(templateFile);
    counts.opened++;
  }
  return lend(instance, templateFile);
}

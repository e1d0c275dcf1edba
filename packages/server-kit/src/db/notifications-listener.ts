// PostgreSQL LISTEN/NOTIFY for the whole process, on ONE dedicated connection: every part of a service
// that wants to hear a channel (the email outbox worker, live thread streams) subscribes here, and the
// listener fans each notification out to its in-process subscribers.
//
// - PostgreSQL: a `pg.Client` of its own (never a pool connection: LISTEN belongs to a session, and a pool
//   would hand that session to someone else), opened at the first subscription. When the connection drops
//   (server restart, network, pg_terminate_backend) it reconnects with backoff, LISTENs again on every
//   channel that still has subscribers, and tells the subscribers through `onReconnect` — notifications sent
//   while it was away are lost, so they should look again (refetch, poll). `onDisconnect` tells them the
//   moment the connection is lost, for those that must not trust what they hold meanwhile (the session
//   cache). A connection pooler in transaction mode (PgBouncer) does not carry LISTEN: point DATABASE_URL
//   past it.
// - PGlite: in-process `client.listen()`; nothing to drop.
//
// NOTIFY is delivered at commit, to every process listening on the database — so a change made through one
// replica reaches the subscribers of all of them — and never for a rolled-back transaction.
// Channel names are lowercase identifiers (PGlite folds names like unquoted identifiers).
import pg from 'pg';

export type NotificationHandler = (payload: string) => void;

export interface SubscribeOptions {
  /** Called after the connection was lost and re-established: notifications in between are gone. */
  onReconnect?: () => void;
  /**
   * Called when the connection is lost (and when the listener closes): until `onReconnect`, notifications
   * are not heard.
   */
  onDisconnect?: () => void;
}

/** Stops the subscription (idempotent); the channel is UNLISTENed once its last subscriber goes. */
export type Unsubscribe = () => void;

export interface NotificationsListener {
  /**
   * Subscribes to `channel`. Resolves once the channel is LISTENed, so any NOTIFY committed after that
   * reaches `onNotify`; rejects (and keeps nothing) when the database cannot be reached.
   */
  subscribe(channel: string, onNotify: NotificationHandler, options?: SubscribeOptions): Promise<Unsubscribe>;
  /** Subscribers of one channel, or of all channels. */
  subscriberCount(channel?: string): number;
  /** Ends the dedicated connection; later subscriptions are refused. */
  close(): Promise<void>;
}

/** A lowercase identifier: safe to put in LISTEN/UNLISTEN, and what PGlite's fold keeps as it is. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

interface Subscriber {
  onNotify: NotificationHandler;
  onReconnect?: () => void;
  onDisconnect?: () => void;
  /**
   * Set once its LISTEN has completed. A notification that reaches the connection before that was sent
   * while the channel was still (or no longer) listened for someone else — e.g. just before the UNLISTEN of
   * the previous last subscriber ran — and is not this subscriber's to hear.
   */
  live: boolean;
}

/** One live connection that can LISTEN. */
interface Connection {
  listen(channel: string): Promise<void>;
  unlisten(channel: string): Promise<void>;
  end(): Promise<void>;
}

interface Backend {
  connect(
    onNotify: (channel: string, payload: string) => void,
    onLost: (error: Error) => void,
  ): Promise<Connection>;
}

export interface ListenerLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

class Listener implements NotificationsListener {
  private readonly channels = new Map<string, Set<Subscriber>>();
  /** Channels LISTENed on the current connection, each with its LISTEN query (kept in step synchronously;
   * the queries follow in order on the one connection, one at a time). */
  private readonly listened = new Map<string, Promise<void>>();
  private connection: Connection | null = null;
  private connecting: Promise<Connection> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelayMs: number;
  private closed = false;
  log: ListenerLog | null = null;

  constructor(
    private readonly backend: Backend,
    private readonly retry = { initialMs: 250, maxMs: 10_000 },
  ) {
    this.reconnectDelayMs = retry.initialMs;
  }

  subscriberCount(channel?: string): number {
    if (channel !== undefined) return this.channels.get(channel)?.size ?? 0;
    let n = 0;
    for (const set of this.channels.values()) n += set.size;
    return n;
  }

  async subscribe(channel: string, onNotify: NotificationHandler, options: SubscribeOptions = {}) {
    if (!CHANNEL.test(channel)) throw new Error(`notifications: "${channel}" is not a lowercase identifier`);
    if (this.closed) throw new Error('notifications: the listener is closed');
    const subscriber: Subscriber = {
      onNotify,
      onReconnect: options.onReconnect,
      onDisconnect: options.onDisconnect,
      live: false,
    };
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(subscriber);
    let done = false;
    const unsubscribe = () => {
      if (done) return;
      done = true;
      this.remove(channel, subscriber);
    };
    try {
      const connection = await this.connect();
      if (!done) await this.listenOn(connection, channel);
      subscriber.live = true;
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  /** LISTEN once per channel and connection; every subscriber waits for that one query. */
  private listenOn(connection: Connection, channel: string): Promise<void> {
    let query = this.listened.get(channel);
    if (!query) {
      query = connection.listen(channel);
      this.listened.set(channel, query);
      query.catch(() => {
        if (this.listened.get(channel) === query) this.listened.delete(channel);
      });
    }
    return query;
  }

  private remove(channel: string, subscriber: Subscriber) {
    const set = this.channels.get(channel);
    if (!set?.delete(subscriber) || set.size > 0) return;
    this.channels.delete(channel);
    if (this.connection && this.listened.delete(channel)) {
      this.connection.unlisten(channel).catch(() => {
        // A broken connection forgets its LISTENs anyway.
      });
    }
  }

  private connect(): Promise<Connection> {
    if (this.connection) return Promise.resolve(this.connection);
    if (!this.connecting) {
      const ref: { current: Connection | null } = { current: null };
      this.connecting = this.backend
        .connect(
          (channel, payload) => this.deliver(channel, payload),
          (error) => this.lost(ref, error),
        )
        .then(
          async (connection) => {
            this.connecting = null;
            if (this.closed) {
              await connection.end().catch(() => {});
              throw new Error('notifications: the listener is closed');
            }
            ref.current = connection;
            this.connection = connection;
            return connection;
          },
          (error: unknown) => {
            this.connecting = null;
            throw error;
          },
        );
    }
    return this.connecting;
  }

  private deliver(channel: string, payload: string) {
    for (const subscriber of [...(this.channels.get(channel) ?? [])]) {
      if (!subscriber.live) continue;
      try {
        subscriber.onNotify(payload);
      } catch (error) {
        this.log?.warn({ err: error, channel }, 'notifications: a subscriber failed');
      }
    }
  }

  /** The connection broke: forget it, and reconnect while anyone is subscribed. */
  private lost(ref: { current: Connection | null }, error: Error) {
    // A connection still being opened reports its failure through connect(); an old one is gone already.
    if (!ref.current || ref.current !== this.connection) return;
    this.connection = null;
    this.listened.clear();
    void ref.current.end().catch(() => {});
    if (this.closed) return;
    this.log?.warn({ err: error.message }, 'notifications: the LISTEN connection was lost; reconnecting');
    this.tellSubscribers('onDisconnect');
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.reconnectTimer || this.closed) return;
    const delay = this.reconnectDelayMs * (0.75 + Math.random() * 0.5);
    this.reconnectDelayMs = Math.min(this.retry.maxMs, this.reconnectDelayMs * 2);
    this.reconnectTimer = setTimeout(() => void this.reconnect(), delay);
    this.reconnectTimer.unref?.();
  }

  private async reconnect() {
    this.reconnectTimer = null;
    if (this.closed || this.channels.size === 0) return;
    try {
      const connection = await this.connect();
      for (const channel of this.channels.keys()) await this.listenOn(connection, channel);
    } catch (error) {
      this.log?.warn({ err: (error as Error).message }, 'notifications: reconnecting failed; trying again');
      const broken = this.connection;
      if (broken) this.lost({ current: broken }, error as Error);
      else this.scheduleReconnect();
      return;
    }
    this.reconnectDelayMs = this.retry.initialMs;
    this.log?.info({ channels: [...this.channels.keys()] }, 'notifications: listening again');
    this.tellSubscribers('onReconnect');
  }

  private tellSubscribers(event: 'onReconnect' | 'onDisconnect') {
    for (const set of [...this.channels.values()]) {
      for (const subscriber of [...set]) {
        try {
          subscriber[event]?.();
        } catch (error) {
          this.log?.warn({ err: error }, 'notifications: a subscriber failed');
        }
      }
    }
  }

  async close() {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.tellSubscribers('onDisconnect');
    this.channels.clear();
    this.listened.clear();
    const connection = this.connection ?? (await this.connecting?.catch(() => null)) ?? null;
    this.connection = null;
    await connection?.end().catch(() => {});
  }
}

/** PostgreSQL: a dedicated client per connection attempt. */
function postgresBackend(config: pg.ClientConfig): Backend {
  return {
    async connect(onNotify, onLost) {
      const client = new pg.Client({ application_name: 'cvdp-listen', keepAlive: true, ...config });
      let ending = false;
      client.on('notification', (message) => onNotify(message.channel, message.payload ?? ''));
      client.on('error', (error) => {
        if (!ending) onLost(error);
      });
      client.on('end', () => {
        if (!ending) onLost(new Error('the connection ended'));
      });
      try {
        await client.connect();
      } catch (error) {
        ending = true;
        await client.end().catch(() => {});
        throw error;
      }
      // One query at a time: subscriptions arrive together (every worker at start), and pg deprecates a
      // query issued while the client is still running another (its internal queue goes in pg 9).
      let previous: Promise<unknown> = Promise.resolve();
      const inTurn = (text: string): Promise<void> => {
        const run = previous.then(() => client.query(text));
        previous = run.catch(() => undefined);
        return run.then(() => undefined);
      };
      return {
        listen: (channel) => inTurn(`LISTEN ${channel}`),
        unlisten: (channel) => inTurn(`UNLISTEN ${channel}`),
        async end() {
          if (ending) return;
          ending = true;
          await client.end();
        },
      };
    },
  };
}

/** The part of PGlite this needs. */
export interface PgliteListen {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

function pgliteBackend(client: PgliteListen): Backend {
  return {
    async connect(onNotify) {
      const unlistens = new Map<string, () => Promise<void>>();
      return {
        async listen(channel) {
          unlistens.set(channel, await client.listen(channel, (payload) => onNotify(channel, payload)));
        },
        async unlisten(channel) {
          const unlisten = unlistens.get(channel);
          unlistens.delete(channel);
          await unlisten?.();
        },
        async end() {
          const all = [...unlistens.values()];
          unlistens.clear();
          for (const unlisten of all) await unlisten().catch(() => {});
        },
      };
    },
  };
}

export function postgresNotifications(
  config: pg.ClientConfig,
  retry?: { initialMs: number; maxMs: number },
): NotificationsListener & { log: ListenerLog | null } {
  return new Listener(postgresBackend(config), retry);
}

export function pgliteNotifications(
  client: PgliteListen,
): NotificationsListener & { log: ListenerLog | null } {
  return new Listener(pgliteBackend(client));
}

/** The listener of each open database (registered by openPglite/openPostgres). */
const byDb = new WeakMap<object, NotificationsListener & { log: ListenerLog | null }>();

export function registerNotifications(
  db: object,
  listener: NotificationsListener & { log: ListenerLog | null },
) {
  byDb.set(db, listener);
}

/**
 * The process's listener for this database: the one its `openPglite`/`openPostgres` made. A database
 * handle made some other way gets one derived from its client (PGlite, or the pg Pool's settings), which
 * whoever made that handle must close.
 */
export function notificationsOf(db: object): NotificationsListener & { log: ListenerLog | null } {
  let listener = byDb.get(db);
  if (listener) return listener;
  const client = (db as { $client?: unknown }).$client;
  if (client && typeof (client as PgliteListen).listen === 'function') {
    listener = pgliteNotifications(client as PgliteListen);
  } else if (client && typeof (client as { options?: unknown }).options === 'object') {
    listener = postgresNotifications({ ...(client as { options: pg.ClientConfig }).options });
  } else {
    throw new Error('notifications: this database handle has no client to listen with');
  }
  byDb.set(db, listener);
  return listener;
}

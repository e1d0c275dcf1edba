// Signed-in requests without a database statement: resolveSessionUser's answer (the AuthUser and the
// session's last_seen_at, expires_at, created_at) kept in memory per session id hash. The statement it saves
// (sessions join users plus the group list) ran on every signed-in request and cost about two thirds of
// a bare request's throughput.
//
// Exact, not eventually right: a hit returns what the database path would. What invalidates an entry:
// - PostgreSQL triggers (migration 0026) NOTIFY `cvdp_auth_changes` with the user id at the commit of any
//   change to that user's sessions (deleted, touched), AuthUser columns or sign-in flags (email, name,
//   roles, is_active, pending) or group memberships; '*' for a bulk change or a TRUNCATE. NOTIFY reaches
//   every replica, so a sign-out on one ends the session on all of them within the delivery delay.
// - This process drops entries itself at once where the kit ends sessions (destroySession,
//   destroyOtherSessions) and where callers change a user (forgetCachedUser), without waiting for NOTIFY.
// - A fill that began before any invalidation is not stored (the version check), so a read of the old
//   state cannot land after the invalidation that superseded it.
// - Entries live at most 30 s (a second line of defence) and the 10,000 least recently used are kept.
// - On a hit the idle expiry and the absolute lifetime are checked in memory; an expired session, or one due
//   its touch (last_seen_at older than the touch interval), goes to the database path, which refuses or
//   touches it and stores the fresh row.
//
// When notifications may be lost the cache is not used at all: before the LISTEN is in place, from the
// moment the listener's connection drops until it has LISTENed again, and after it closes, every request
// goes to the database, and the entries are dropped on each of those transitions. A connection that dies
// without a word (a silent network partition: no reset, TCP keepalive takes minutes) is caught by a
// heartbeat: every 10 s the cache NOTIFYs itself a `ping:` through the pool, and if that has not come back
// on the LISTEN connection within two beats the cache is off until one does. CVDP_SESSION_CACHE=off turns
// it off.
//
// A small Map-based LRU rather than the lru-cache package: server-kit resolves the root's lru-cache 5,
// and an entry must be found by user as well, which the index beside the Map gives.
import { randomUUID } from 'node:crypto';
import type { ListenerLog, NotificationsListener, Unsubscribe } from '../db/notifications-listener.ts';
import type { AuthUser } from './auth-user.ts';

export const AUTH_CHANGES_CHANNEL = 'cvdp_auth_changes';

/** What resolveSessionUser read for one session; times in epoch milliseconds. */
export interface CachedSession {
  user: AuthUser;
  lastSeenAt: number;
  expiresAt: number;
  createdAt: number;
}

interface Slot {
  session: CachedSession;
  storedAt: number;
}

const RESUBSCRIBE_MS = 5_000;
/** Heartbeat payloads: each cache listens for its own and ignores the other replicas'. */
const PING = 'ping:';

/** Sends `payload` on cvdp_auth_changes through the database's pool (not the LISTEN connection). */
export type SendNotification = (payload: string) => Promise<unknown>;

/** The caches of this process: where the kit ends a session, it drops the entry from each at once. */
const processCaches = new Set<SessionCache>();

/** Drops one session (by id hash) from every cache of this process. */
export function forgetCachedSession(idHash: string) {
  for (const cache of processCaches) cache.forgetSession(idHash);
}

/**
 * Drops every cached session of a user in this process. Call it after committing a change to the user's
 * sessions, sign-in flags, roles or groups, so this replica does not wait for the NOTIFY.
 */
export function forgetCachedUser(userId: number) {
  for (const cache of processCaches) cache.forgetUser(userId);
}

export class SessionCache {
  /** Insertion order is recency order: a hit moves its key to the end, eviction takes the first. */
  private readonly entries = new Map<string, Slot>();
  private readonly byUser = new Map<number, Set<string>>();
  private generation = 0;
  private subscribed = false;
  private connected = false;
  /** The last heartbeat came back (or none was sent yet). */
  private heartbeatHeard = true;
  /** The heartbeat sent and not heard yet. */
  private awaitedPing: string | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  /** Beats since the awaited ping went out without it coming back. */
  private beatsWaited = 0;
  private send: SendNotification | null = null;
  /** sync() calls waiting for their ping. */
  private readonly syncs = new Map<string, () => void>();
  private stopped = true;
  private unsubscribe: Unsubscribe | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private becameLive: (() => void) | null = null;
  /** Resolves the first time the cache is in use (its LISTEN is in place); for tests and readiness. */
  readonly ready: Promise<void>;

  constructor(private readonly limits = { maxEntries: 10_000, ttlMs: 30_000, heartbeatMs: 10_000 }) {
    this.ready = new Promise((resolve) => (this.becameLive = resolve));
  }

  /** In use: subscribed, and the listener's connection is up. */
  get live(): boolean {
    return this.subscribed && this.connected && this.heartbeatHeard && !this.stopped;
  }

  /** Moves on every invalidation; a fill read before a move must not be stored (see store). */
  get version(): number {
    return this.generation;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached session, or undefined (always while not live). */
  get(idHash: string): CachedSession | undefined {
    if (!this.live) return undefined;
    const slot = this.entries.get(idHash);
    if (!slot) return undefined;
    if (Date.now() - slot.storedAt > this.limits.ttlMs) {
      this.remove(idHash);
      return undefined;
    }
    this.entries.delete(idHash);
    this.entries.set(idHash, slot);
    return slot.session;
  }

  /**
   * Keeps what the database answered, unless the cache is off or anything was invalidated since `version`
   * (taken before the query).
   */
  store(idHash: string, session: CachedSession, version: number) {
    if (!this.live || version !== this.generation) return;
    this.remove(idHash);
    this.entries.set(idHash, { session, storedAt: Date.now() });
    let keys = this.byUser.get(session.user.id);
    if (!keys) this.byUser.set(session.user.id, (keys = new Set()));
    keys.add(idHash);
    while (this.entries.size > this.limits.maxEntries) this.remove(this.entries.keys().next().value!);
  }

  /** Drops an entry the database no longer answers for (nothing changed that others could be reading). */
  discard(idHash: string) {
    this.remove(idHash);
  }

  forgetSession(idHash: string) {
    this.generation++;
    this.remove(idHash);
  }

  forgetUser(userId: number) {
    this.generation++;
    for (const idHash of [...(this.byUser.get(userId) ?? [])]) this.remove(idHash);
  }

  clear() {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
  }

  private remove(idHash: string) {
    const slot = this.entries.get(idHash);
    if (!slot) return;
    this.entries.delete(idHash);
    const keys = this.byUser.get(slot.session.user.id);
    keys?.delete(idHash);
    if (keys?.size === 0) this.byUser.delete(slot.session.user.id);
  }

  private heard(payload: string) {
    if (payload.startsWith(PING)) {
      this.syncs.get(payload)?.();
      if (payload !== this.awaitedPing) return;
      this.awaitedPing = null;
      if (!this.heartbeatHeard) this.transition(() => (this.heartbeatHeard = true));
      return;
    }
    const userId = Number(payload);
    // '*' (a bulk change) and anything unexpected drop everything.
    if (payload !== '' && Number.isSafeInteger(userId)) this.forgetUser(userId);
    else this.clear();
  }

  /** In use once `cvdp_auth_changes` is LISTENed; the subscription is retried while the database is down. */
  start(listener: NotificationsListener, log?: ListenerLog | null, send?: SendNotification) {
    this.stopped = false;
    processCaches.add(this);
    void this.subscribe(listener, log);
    this.send = send ?? null;
    if (send) {
      this.heartbeatTimer = setInterval(() => void this.beat(send, log), this.limits.heartbeatMs);
      this.heartbeatTimer.unref?.();
    }
  }

  /**
   * Resolves once every notification committed before the call has been heard (a ping's round trip:
   * NOTIFY is delivered in commit order), so a change just committed in this process is in effect. For
   * tests that change sessions or users behind the API's back; at once when the cache is not in use. A
   * ping not back within `timeoutMs` turns the cache off as a missed heartbeat does.
   */
  async sync(timeoutMs = 5_000): Promise<void> {
    if (!this.live || !this.send) return;
    const ping = `${PING}${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.syncs.set(ping, () => resolve(true));
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      await this.send(ping);
      if (!(await heard) && this.heartbeatHeard) this.transition(() => (this.heartbeatHeard = false));
    } catch {
      if (this.heartbeatHeard) this.transition(() => (this.heartbeatHeard = false));
    } finally {
      clearTimeout(timer);
      this.syncs.delete(ping);
    }
  }

  private heartbeatRestarts() {
    this.heartbeatHeard = true;
    this.awaitedPing = null;
    this.beatsWaited = 0;
  }

  /**
   * The previous ping must have come back by now; then the next one goes out. A ping gets two beats: an
   * event loop stalled past one interval (a loaded machine) is not a lost connection — and after a stall the
   * timer fires before the loop reads the socket, so the judgment waits for this turn's I/O (setImmediate
   * runs after the poll phase) and a reply already there is heard first.
   */
  private async beat(send: SendNotification, log?: ListenerLog | null) {
    if (!this.subscribed) return;
    const missed = () => {
      if (!this.heartbeatHeard) return;
      log?.warn({}, 'session cache: its heartbeat NOTIFY did not come back; sessions are read each time');
      this.transition(() => (this.heartbeatHeard = false));
    };
    if (this.awaitedPing !== null) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.awaitedPing !== null) {
        this.beatsWaited += 1;
        if (this.beatsWaited < 2) return;
        missed();
      }
    }
    this.beatsWaited = 0;
    const ping = `${PING}${randomUUID()}`;
    this.awaitedPing = ping;
    try {
      await send(ping);
    } catch {
      if (this.awaitedPing === ping) missed();
    }
  }

  private async subscribe(listener: NotificationsListener, log?: ListenerLog | null) {
    this.retryTimer = null;
    // Per attempt: a loss reported while the LISTEN was still being set up must keep the cache off.
    const state = { connected: true };
    const setConnected = (connected: boolean) => {
      state.connected = connected;
      this.transition(() => {
        this.connected = connected;
        // A LISTEN just made is as good as a heartbeat heard.
        if (connected) this.heartbeatRestarts();
      });
    };
    try {
      const unsubscribe = await listener.subscribe(AUTH_CHANGES_CHANNEL, (p) => this.heard(p), {
        onDisconnect: () => setConnected(false),
        onReconnect: () => setConnected(true),
      });
      if (this.stopped) return unsubscribe();
      this.unsubscribe = unsubscribe;
      this.transition(() => {
        this.subscribed = true;
        this.connected = state.connected;
        this.heartbeatRestarts();
      });
    } catch (error) {
      if (this.stopped) return;
      log?.warn(
        { err: (error as Error).message },
        'session cache: cannot LISTEN; sessions are read each time',
      );
      this.retryTimer = setTimeout(() => void this.subscribe(listener, log), RESUBSCRIBE_MS);
      this.retryTimer.unref?.();
    }
  }

  /** Any change of state empties the cache: what it held may have missed notifications. */
  private transition(change: () => void) {
    change();
    this.clear();
    if (this.live && this.becameLive) {
      this.becameLive();
      this.becameLive = null;
    }
  }

  stop() {
    this.stopped = true;
    processCaches.delete(this);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.subscribed = false;
    this.clear();
  }
}

// Live threads, the process side: ONE subscription to the database's thread channel per process (the kit's
// notifications listener), fanned out to the open streams by thread id. The triggers of migration 0007
// announce every new, edited, pinned, reacted-to or deleted post on `cvdp_thread_events` at commit — from
// whichever replica wrote it — so every replica's streams hear it.
import type { NotificationsListener, Unsubscribe } from '@cvdp/server-kit';
import type { ThreadEvent } from '@cvdp/core';

/** The channel the triggers NOTIFY on (migration 0007). */
export const THREAD_EVENTS_CHANNEL = 'cvdp_thread_events';

/** One open stream's ears. */
export interface ThreadSink {
  event(event: ThreadEvent): void;
  /** The LISTEN connection was lost and is back: events in between are gone; reload. */
  resync(): void;
}

const OPS = new Set(['insert', 'update', 'delete']);
const TABLES = new Set(['posts', 'post_reactions']);

/** The trigger's payload, checked: ids and names only, never text. */
export function parseThreadEvent(payload: string): ThreadEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const v = value as Partial<Record<keyof ThreadEvent, unknown>> | null;
  if (!v || !Number.isInteger(v.thread) || !Number.isInteger(v.post)) return null;
  if (!OPS.has(v.op as string) || !TABLES.has(v.table as string)) return null;
  return { thread: v.thread as number, post: v.post as number, op: v.op, table: v.table } as ThreadEvent;
}

export class ThreadEventHub {
  private readonly byThread = new Map<number, Set<ThreadSink>>();
  private unsubscribe: Unsubscribe | null = null;
  private subscribing: Promise<void> | null = null;

  constructor(private readonly listener: NotificationsListener) {}

  /** Open streams, for one thread or all. */
  count(threadId?: number): number {
    if (threadId !== undefined) return this.byThread.get(threadId)?.size ?? 0;
    let n = 0;
    for (const set of this.byThread.values()) n += set.size;
    return n;
  }

  /** Starts delivering the thread's events to `sink`; resolves once the channel is listened to. */
  async add(threadId: number, sink: ThreadSink): Promise<() => void> {
    let set = this.byThread.get(threadId);
    if (!set) this.byThread.set(threadId, (set = new Set()));
    set.add(sink);
    let removed = false;
    const remove = () => {
      if (removed) return;
      removed = true;
      const current = this.byThread.get(threadId);
      if (current?.delete(sink) && current.size === 0) this.byThread.delete(threadId);
      if (this.byThread.size === 0 && this.unsubscribe) {
        const unsubscribe = this.unsubscribe;
        this.unsubscribe = null;
        unsubscribe();
      }
    };
    try {
      await this.ensureSubscribed();
    } catch (error) {
      remove();
      throw error;
    }
    return remove;
  }

  private ensureSubscribed(): Promise<void> {
    if (this.unsubscribe) return Promise.resolve();
    this.subscribing ??= this.listener
      .subscribe(THREAD_EVENTS_CHANNEL, (payload) => this.dispatch(payload), {
        onReconnect: () => {
          for (const set of this.byThread.values()) for (const sink of [...set]) sink.resync();
        },
      })
      .then((unsubscribe) => {
        // Everyone left while we were subscribing: let go at once.
        if (this.byThread.size === 0) unsubscribe();
        else this.unsubscribe = unsubscribe;
      })
      .finally(() => {
        this.subscribing = null;
      });
    return this.subscribing;
  }

  private dispatch(payload: string) {
    const event = parseThreadEvent(payload);
    if (!event) return;
    for (const sink of [...(this.byThread.get(event.thread) ?? [])]) sink.event(event);
  }
}

/** One hub per listener, i.e. per database handle and process (replicas each have their own). */
const hubs = new WeakMap<NotificationsListener, ThreadEventHub>();

export function threadEventHub(listener: NotificationsListener): ThreadEventHub {
  let hub = hubs.get(listener);
  if (!hub) hubs.set(listener, (hub = new ThreadEventHub(listener)));
  return hub;
}

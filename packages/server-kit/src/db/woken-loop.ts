// The run loop of a durable queue worker (the email outbox, case transfers): drain what is due, then sleep
// until a NOTIFY on the queue's channel wakes it or the poll interval passes — whichever comes first, so a
// lost notification only delays work, never loses it. One drain at a time; a wake during a drain runs
// another one right after it.
import type { NotificationsListener, Unsubscribe } from './notifications-listener.ts';

export interface WokenLoopOptions {
  /** The NOTIFY channel that says work is due. */
  channel: string;
  pollIntervalMs: number;
  notifications: () => NotificationsListener;
  /** Works until nothing is due (or the loop is stopping). */
  drain: () => Promise<void>;
  /** A drain that threw (the loop goes on at the next wake or poll). */
  onDrainError: (error: unknown) => void;
  /** Subscribing failed: the worker polls only. */
  onListenError: (error: unknown) => void;
}

export class WokenLoop {
  private running = false;
  private stoppingNow = false;
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  private wakeAgain = false;
  private unlisten: Unsubscribe | null = null;
  private listening: Promise<void> | null = null;

  constructor(private readonly options: WokenLoopOptions) {}

  /** True from stop() on: a drain should hand back what it has not started. */
  get stopping(): boolean {
    return this.stoppingNow;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Starts the loop (the first look is immediate); nothing when it is running already. */
  start() {
    if (this.running) return;
    this.running = true;
    this.stoppingNow = false;
    this.listening = this.listen();
    this.schedule(0);
  }

  /** Look at the queue now (after a transaction queued work). */
  wake() {
    if (!this.running || this.stoppingNow) return;
    if (this.inFlight) this.wakeAgain = true;
    else this.schedule(0);
  }

  /**
   * Stops polling and listening and waits for the drain in flight. `beforeWaiting` runs once nothing new
   * can start (e.g. to abort a call the drain is waiting on).
   */
  async stop(beforeWaiting?: () => void) {
    this.stoppingNow = true;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    beforeWaiting?.();
    await this.listening?.catch(() => {});
    const unlisten = this.unlisten;
    this.unlisten = null;
    unlisten?.();
    await this.inFlight;
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref?.();
  }

  private async tick() {
    this.timer = null;
    if (!this.running || this.inFlight) return;
    this.inFlight = this.options
      .drain()
      .catch((error: unknown) => this.options.onDrainError(error))
      .finally(() => {
        this.inFlight = null;
      });
    await this.inFlight;
    if (!this.running) return;
    // Subscribing failed earlier (the database was away): try again now that a drain went through.
    if (!this.unlisten && !this.listening) this.listening = this.listen();
    const again = this.wakeAgain;
    this.wakeAgain = false;
    this.schedule(again ? 0 : this.options.pollIntervalMs);
  }

  private async listen() {
    try {
      const unsubscribe = await this.options
        .notifications()
        .subscribe(this.options.channel, () => this.wake(), { onReconnect: () => this.wake() });
      this.unlisten = unsubscribe;
      // A loop stopped while it was subscribing lets go at once.
      if (!this.running) {
        this.unlisten = null;
        unsubscribe();
      }
    } catch (error) {
      this.options.onListenError(error);
    } finally {
      this.listening = null;
    }
  }
}

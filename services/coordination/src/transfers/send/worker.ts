// The transfer worker: sends queued transfers to the receiving instance, step by step, durably.
//
// Claiming is the email outbox's (email/worker.ts): one UPDATE takes a due transfer (`FOR UPDATE SKIP
// LOCKED`), counts the attempt and moves next_attempt_at a lease ahead; while the transfer runs, a heartbeat
// keeps pushing the lease on. A worker that dies leaves the transfer `running` with a lease that lapses, and
// whichever worker looks next takes it up again (after a restart, the same process).
//
// A transfer resumes at its first step not done, and inside a step skips the items the receiver already
// acknowledged (transfer_acks). What is in doubt — a call whose answer never arrived — is sent again with the
// same Idempotency-Key (`<uuid>:<step>[:<item>]`), and the receiver answers it from its record instead of
// creating anything twice. A failure the receiver may get over (no answer, 5xx, 429) puts the transfer back
// in the queue with exponential backoff, until the last attempt; a refusal (4xx) fails the transfer at once
// with the receiver's reason. Nothing on our side of the case is ever changed by a transfer.
//
// Woken by NOTIFY on TRANSFER_CHANNEL (store.ts sends it when a transfer is started) and polls besides.
// Never logged: the connection's token.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  TRANSFER_PATHS,
  transferIdempotencyKey,
  type TransferArtifactAnswer,
  type TransferReportAnswer,
  type TransferStepName,
  type TransferThreadAnswer,
  type TransferVulsAnswer,
} from '@cvdp/core';
import {
  type Config,
  type Db,
  type FileStorage,
  type NotificationsListener,
  type OutboundHttp,
  decryptSecret,
  notificationsOf,
  WokenLoop,
} from '@cvdp/server-kit';
import { RefusedError, Receiver } from './client.ts';
import {
  advisoryPayload,
  caseArtifacts,
  reportPayload,
  threadIds,
  threadPayload,
  vexDocuments,
  vulsPayload,
} from './payloads.ts';
import { TRANSFER_CHANNEL } from './store.ts';

export interface TransferWorkerOptions {
  db: Db;
  /** The app's outbound client: every call to a receiving instance goes through it. */
  http: OutboundHttp;
  storage: FileStorage;
  config: Pick<Config, 'publicUrl' | 'host' | 'port' | 'secretKey'>;
  /** Between looks at the queue, in ms (CVDP_TRANSFER_POLL_SECONDS). */
  pollIntervalMs?: number;
  /** After this many attempts that failed for a passing reason, the transfer fails (CVDP_TRANSFER_MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** The wait after the first failure; doubles with each further one, up to retryMaxMs (CVDP_TRANSFER_RETRY_SECONDS). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long a claimed transfer stays out of others' reach without a heartbeat (CVDP_TRANSFER_LEASE_SECONDS). */
  leaseMs?: number;
  /** Per call to the receiver (CVDP_TRANSFER_TIMEOUT_SECONDS). */
  requestTimeoutMs?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  notifications?: NotificationsListener;
}

export const TRANSFER_DEFAULTS = {
  pollIntervalMs: 5_000,
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  leaseMs: 120_000,
  requestTimeoutMs: 120_000,
} as const;

export const retryDelayMs = (attempts: number, baseMs: number, maxMs: number) =>
  Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));

interface Claimed {
  id: number;
  uuid: string;
  case_id: number;
  connection_id: number | null;
  remote_case_id: number | null;
  attempts: number;
}

interface StepRow {
  step: TransferStepName;
  state: string;
}

class StoppingError extends Error {}

export class TransferWorker {
  private readonly db: Db;
  private readonly http: OutboundHttp;
  private readonly storage: FileStorage;
  private readonly config: TransferWorkerOptions['config'];
  private readonly options: Required<
    Omit<TransferWorkerOptions, 'db' | 'http' | 'storage' | 'config' | 'log' | 'notifications'>
  >;
  private readonly log: TransferWorkerOptions['log'];
  private readonly notifications: NotificationsListener | undefined;
  private readonly loop: WokenLoop;
  private abort = new AbortController();
  private token: string | null = null;

  constructor(options: TransferWorkerOptions) {
    this.db = options.db;
    this.http = options.http;
    this.storage = options.storage;
    this.config = options.config;
    this.log = options.log;
    this.notifications = options.notifications;
    this.loop = new WokenLoop({
      channel: TRANSFER_CHANNEL,
      pollIntervalMs: options.pollIntervalMs ?? TRANSFER_DEFAULTS.pollIntervalMs,
      notifications: () => this.notifications ?? notificationsOf(this.db),
      drain: () => this.drain(),
      onDrainError: (error) =>
        this.log?.error({ err: this.clean(error) }, 'transfers: could not read the queue'),
      onListenError: (error) =>
        this.log?.warn({ err: this.clean(error) }, 'transfers: not woken by NOTIFY, polling only'),
    });
    this.options = {
      pollIntervalMs: options.pollIntervalMs ?? TRANSFER_DEFAULTS.pollIntervalMs,
      maxAttempts: options.maxAttempts ?? TRANSFER_DEFAULTS.maxAttempts,
      retryBaseMs: options.retryBaseMs ?? TRANSFER_DEFAULTS.retryBaseMs,
      retryMaxMs: options.retryMaxMs ?? TRANSFER_DEFAULTS.retryMaxMs,
      leaseMs: options.leaseMs ?? TRANSFER_DEFAULTS.leaseMs,
      requestTimeoutMs: options.requestTimeoutMs ?? TRANSFER_DEFAULTS.requestTimeoutMs,
    };
  }

  start() {
    if (this.loop.isRunning) return;
    this.abort = new AbortController();
    this.loop.start();
  }

  wake() {
    this.loop.wake();
  }

  /** Stops: the call in flight is abandoned (its key makes the retry safe) and the transfer handed back. */
  async stop() {
    await this.loop.stop(() => this.abort.abort());
  }

  private get stopping() {
    return this.loop.stopping;
  }

  private async drain() {
    while (!this.stopping && (await this.runOnce())) {
      /* next due transfer */
    }
  }

  /** Claims one due transfer and runs it as far as it goes; false when none was due. */
  async runOnce(): Promise<boolean> {
    const result = await this.db.execute(sql`
      update transfers
         set state = 'running', attempts = attempts + 1, updated_at = now(),
             next_attempt_at = now() + make_interval(secs => ${this.options.leaseMs / 1000})
       where id = (select id from transfers
                    where state in ('queued', 'running') and next_attempt_at <= now()
                    order by next_attempt_at, id
                    limit 1
                    for update skip locked)
      returning id, uuid, case_id, connection_id, remote_case_id, attempts`);
    const [row] = (result as { rows: Claimed[] }).rows;
    if (!row) return false;
    await this.run(row);
    return true;
  }

  private async run(transfer: Claimed) {
    const heartbeat = setInterval(
      () => void this.renewLease(transfer.id).catch(() => {}),
      Math.max(1000, Math.floor(this.options.leaseMs / 3)),
    );
    heartbeat.unref?.();
    try {
      const receiver = await this.receiverFor(transfer);
      const result = await this.db.execute(sql`
        select step, state from transfer_steps where transfer_id = ${transfer.id} order by position`);
      const steps = (result as { rows: StepRow[] }).rows;
      for (const { step, state } of steps) {
        if (state === 'done') continue;
        if (this.stopping) throw new StoppingError();
        await this.db.execute(sql`
          update transfer_steps set state = 'running', attempts = attempts + 1, last_error = null
           where transfer_id = ${transfer.id} and step = ${step}`);
        await this.runStep(transfer, step, receiver);
        await this.db.execute(sql`
          update transfer_steps set state = 'done', finished_at = now(), last_error = null
           where transfer_id = ${transfer.id} and step = ${step}`);
      }
      await this.db.execute(sql`
        update transfers set state = 'done', finished_at = now(), updated_at = now(), last_error = null
         where id = ${transfer.id}`);
      if (transfer.connection_id !== null)
        await this.db.execute(
          sql`update connections set last_contact_at = now() where id = ${transfer.connection_id}`,
        );
      this.log?.info({ transfer: transfer.id, case: transfer.case_id }, 'transfer done');
    } catch (error) {
      await this.failed(transfer, error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async receiverFor(transfer: Claimed): Promise<Receiver> {
    const result = await this.db.execute(sql`
      select base_url, outgoing_token_encrypted, enabled from connections where id = ${transfer.connection_id}`);
    const [connection] = (result as { rows: unknown[] }).rows as {
      base_url: string;
      outgoing_token_encrypted: string;
      enabled: boolean;
    }[];
    if (!connection) throw new RefusedError(0, 'The connection was removed.');
    if (!connection.enabled) throw new RefusedError(0, 'The connection is disabled.');
    let token: string;
    try {
      token = decryptSecret(connection.outgoing_token_encrypted, this.config.secretKey);
    } catch {
      throw new RefusedError(
        0,
        "The connection's token cannot be read: is CVDP_SECRET_KEY the one it was stored with?",
      );
    }
    this.token = token;
    return new Receiver({
      http: this.http,
      baseUrl: connection.base_url,
      token,
      timeoutMs: this.options.requestTimeoutMs,
      signal: this.abort.signal,
    });
  }

  private async renewLease(id: number) {
    await this.db.execute(sql`
      update transfers set next_attempt_at = now() + make_interval(secs => ${this.options.leaseMs / 1000})
       where id = ${id} and state = 'running'`);
  }

  /** Items of a step already acknowledged. */
  private async acked(transferId: number, step: TransferStepName): Promise<Map<string, string | null>> {
    const result = await this.db.execute(sql`
      select item, remote_id from transfer_acks where transfer_id = ${transferId} and step = ${step}`);
    return new Map(
      ((result as { rows: unknown[] }).rows as { item: string; remote_id: string | null }[]).map((r) => [
        r.item,
        r.remote_id,
      ]),
    );
  }

  private async ack(transferId: number, step: TransferStepName, item: string, remoteId: string | null) {
    await this.db.execute(sql`
      insert into transfer_acks (transfer_id, step, item, remote_id) values (${transferId}, ${step}, ${item}, ${remoteId})
      on conflict do nothing`);
    await this.db.execute(sql`
      update transfer_steps
         set items_done = (select count(*) from transfer_acks where transfer_id = ${transferId} and step = ${step})
       where transfer_id = ${transferId} and step = ${step}`);
  }

  private async setTotal(transferId: number, step: TransferStepName, total: number) {
    await this.db.execute(sql`
      update transfer_steps set items_total = ${total} where transfer_id = ${transferId} and step = ${step}`);
  }

  /** Runs one step: each item not yet acknowledged is sent, then acknowledged. */
  private async runStep(transfer: Claimed, step: TransferStepName, receiver: Receiver) {
    const key = (item?: string | number) => transferIdempotencyKey(transfer.uuid, step, item);
    const done = await this.acked(transfer.id, step);
    const check = () => {
      if (this.stopping) throw new StoppingError();
    };

    if (step === 'report') {
      await this.setTotal(transfer.id, step, 1);
      if (done.has('') && transfer.remote_case_id !== null) return;
      const payload = await reportPayload(this.db, this.config, transfer.case_id, transfer.uuid);
      const answer = await receiver.postJson<TransferReportAnswer>(TRANSFER_PATHS.report, key(), payload);
      await this.db.execute(sql`
        update transfers set remote_case_id = ${answer.case}, updated_at = now() where id = ${transfer.id}`);
      transfer.remote_case_id = answer.case;
      await this.ack(transfer.id, step, '', String(answer.case));
      return;
    }

    const remote = transfer.remote_case_id;
    if (remote === null) throw new Error('The receiver has not given the case an id yet.');

    switch (step) {
      case 'threads': {
        const ids = await threadIds(this.db, transfer.case_id);
        await this.setTotal(transfer.id, step, ids.length);
        for (const id of ids) {
          if (done.has(String(id))) continue;
          check();
          const payload = await threadPayload(this.db, id);
          const answer = await receiver.postJson<TransferThreadAnswer>(
            TRANSFER_PATHS.thread(remote),
            key(id),
            payload,
          );
          await this.ack(transfer.id, step, String(id), String(answer.thread));
        }
        return;
      }
      case 'vuls': {
        const payload = await vulsPayload(this.db, transfer.case_id);
        await this.setTotal(transfer.id, step, payload.vuls.length);
        if (payload.vuls.length === 0 || done.has('')) return;
        const answer = await receiver.postJson<TransferVulsAnswer>(
          TRANSFER_PATHS.vuls(remote),
          key(),
          payload,
        );
        await this.ack(transfer.id, step, '', (answer.vuls ?? []).map((v) => v.id).join(','));
        await this.db.execute(sql`
          update transfer_steps set items_done = ${payload.vuls.length}
           where transfer_id = ${transfer.id} and step = ${step}`);
        return;
      }
      case 'advisory': {
        const payload = await advisoryPayload(this.db, transfer.case_id);
        await this.setTotal(transfer.id, step, payload ? 1 : 0);
        if (!payload || done.has('')) return;
        const answer = await receiver.postJson<{ revision: number }>(
          TRANSFER_PATHS.advisory(remote),
          key(),
          payload,
        );
        await this.ack(transfer.id, step, '', String(answer.revision));
        return;
      }
      case 'artifacts': {
        const files = await caseArtifacts(this.db, transfer.case_id);
        await this.setTotal(transfer.id, step, files.length);
        for (const file of files) {
          if (done.has(file.uuid)) continue;
          check();
          const content = await this.storage.get(file.storageKey);
          const answer = await receiver.postFile<TransferArtifactAnswer>(
            TRANSFER_PATHS.artifacts(remote),
            key(file.uuid),
            {
              name: file.fileName,
              contentType: file.contentType,
              size: file.size,
              content,
            },
          );
          if (answer.sha256 && answer.sha256 !== file.sha256)
            throw new Error(`The receiver stored ${file.fileName} with another sha256 (${answer.sha256}).`);
          await this.ack(transfer.id, step, file.uuid, answer.uuid);
        }
        return;
      }
      case 'status': {
        const documents = await vexDocuments(this.db, this.config, transfer.case_id);
        await this.setTotal(transfer.id, step, documents.length);
        for (const { vulId, vex } of documents) {
          if (done.has(String(vulId))) continue;
          check();
          const answer = await receiver.postJson<TransferArtifactAnswer>(
            TRANSFER_PATHS.status(remote),
            key(vulId),
            { vex },
          );
          await this.ack(transfer.id, step, String(vulId), answer.uuid ?? null);
        }
        return;
      }
    }
  }

  private async failed(transfer: Claimed, error: unknown) {
    if (error instanceof StoppingError || (this.stopping && !(error instanceof RefusedError))) {
      // Handed back: due again at once, the attempt not counted; the running step waits again.
      await this.db.execute(sql`
        update transfer_steps set state = 'pending' where transfer_id = ${transfer.id} and state = 'running'`);
      await this.db.execute(sql`
        update transfers set state = 'queued', attempts = greatest(attempts - 1, 0), next_attempt_at = now(),
                             updated_at = now()
         where id = ${transfer.id}`);
      return;
    }
    const message = this.clean(error);
    const refused = error instanceof RefusedError;
    const last = transfer.attempts >= this.options.maxAttempts;
    if (refused || last) {
      const reason = refused || !last ? message : `${message} (no attempts left after ${transfer.attempts})`;
      await this.db.execute(sql`
        update transfer_steps set state = 'failed', last_error = ${reason}
         where transfer_id = ${transfer.id} and state = 'running'`);
      await this.db.execute(sql`
        update transfers set state = 'failed', last_error = ${reason}, finished_at = now(), updated_at = now()
         where id = ${transfer.id}`);
      this.log?.error({ transfer: transfer.id, attempt: transfer.attempts, err: reason }, 'transfer failed');
      return;
    }
    const delay = retryDelayMs(transfer.attempts, this.options.retryBaseMs, this.options.retryMaxMs);
    await this.db.execute(sql`
      update transfer_steps set state = 'pending', last_error = ${message}
       where transfer_id = ${transfer.id} and state = 'running'`);
    await this.db.execute(sql`
      update transfers
         set state = 'queued', last_error = ${message}, updated_at = now(),
             next_attempt_at = now() + make_interval(secs => ${delay / 1000})
       where id = ${transfer.id}`);
    this.log?.warn(
      { transfer: transfer.id, attempt: transfer.attempts, retryInMs: delay, err: message },
      'transfer interrupted; will retry',
    );
  }

  /** An error as one line without the token, at most 1000 characters. */
  private clean(error: unknown): string {
    let text = error instanceof Error ? error.message : String(error);
    if (this.token) text = text.split(this.token).join('***');
    return text.replace(/\s+/g, ' ').slice(0, 1000);
  }
}

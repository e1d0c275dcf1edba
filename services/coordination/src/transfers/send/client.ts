// The calls to the receiving instance (SPEC §7, cvdp/api/transfers/…): JSON or a streamed multipart file,
// with `Authorization: Token …` and the step's Idempotency-Key. An answer the receiver refused for good (a
// 4xx other than 408/425/429) is a RefusedError carrying its reason; anything else (no answer, a timeout, a
// 5xx, a 429) is worth another try and throws a plain Error. The token is never part of a message. Calls go
// through the kit's OutboundHttp: an address the outbound policy refuses, or a redirect to another origin
// (which would carry the token), fails the transfer for good.
import type { Readable } from 'node:stream';
import { IDEMPOTENCY_HEADER, TRANSFER_FILE_FIELD } from '@cvdp/core';
import { OutboundError, type OutboundHttp, type OutboundResponse } from '@cvdp/server-kit';

/** The receiver refused the call: the transfer fails with this reason (no retry helps). */
export class RefusedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RefusedError';
  }
}

const RETRYABLE_4XX = new Set([408, 425, 429]);

export interface ReceiverOptions {
  /** The app's outbound client (`app.outbound`). */
  http: OutboundHttp;
  baseUrl: string;
  token: string;
  /** Per call, in ms. */
  timeoutMs: number;
  /** Aborts the call in flight (the worker is stopping). */
  signal?: AbortSignal;
}

/** The receiver's reason, from its {detail, errors} answer, in one line of at most 1000 characters. */
function reasonOf(status: number, text: string): string {
  let reason = `HTTP ${status}`;
  try {
    const body = JSON.parse(text) as { detail?: unknown; errors?: Record<string, unknown> };
    if (typeof body.detail === 'string') reason = body.detail;
    if (body.errors && typeof body.errors === 'object') {
      const fields = Object.entries(body.errors)
        .slice(0, 5)
        .map(
          ([field, messages]) =>
            `${field}: ${Array.isArray(messages) ? messages.join(' ') : String(messages)}`,
        );
      if (fields.length) reason += ` (${fields.join('; ')})`;
    }
  } catch {
    if (text.trim()) reason += `: ${text.trim()}`;
  }
  return reason.replace(/\s+/g, ' ').slice(0, 1000);
}

export class Receiver {
  constructor(private readonly options: ReceiverOptions) {}

  private url(path: string) {
    const base = this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`;
    return new URL(path, base);
  }

  private async call<T>(
    path: string,
    key: string,
    init: { body: string | ReadableStream<Uint8Array>; contentType: string },
  ): Promise<T> {
    const origin = this.url(path).origin;
    let response: OutboundResponse;
    try {
      response = await this.options.http.request(this.url(path), {
        method: 'POST',
        headers: {
          Authorization: `Token ${this.options.token}`,
          [IDEMPOTENCY_HEADER]: key,
          'Content-Type': init.contentType,
          Accept: 'application/json',
        },
        body: init.body,
        timeoutMs: this.options.timeoutMs,
        signal: this.options.signal,
      });
    } catch (error) {
      if (error instanceof OutboundError && (error.kind === 'refused' || error.kind === 'redirect'))
        throw new RefusedError(0, `Not sent to ${origin}: ${error.message}.`);
      const what = error instanceof OutboundError ? (error.code ?? error.message) : (error as Error).message;
      throw new Error(`No answer from ${origin}: ${what}`);
    }
    const { text } = response;
    if (response.status >= 200 && response.status < 300) {
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new Error(`The receiver answered ${response.status} without JSON.`);
      }
    }
    const reason = reasonOf(response.status, text);
    if (response.status >= 400 && response.status < 500 && !RETRYABLE_4XX.has(response.status))
      throw new RefusedError(response.status, `Refused by the receiver (${response.status}): ${reason}`);
    throw new Error(`The receiver answered ${response.status}: ${reason}`);
  }

  postJson<T>(path: string, key: string, body: unknown): Promise<T> {
    return this.call<T>(path, key, { body: JSON.stringify(body), contentType: 'application/json' });
  }

  /** A file as multipart field `file`, streamed from `content` (never all in memory). */
  postFile<T>(
    path: string,
    key: string,
    file: { name: string; contentType: string; size: number; content: Readable },
  ): Promise<T> {
    const boundary = `----cvdp-transfer-${crypto.randomUUID()}`;
    const quoted = file.name.replace(/[\r\n"\\]/g, '_');
    const head = Buffer.from(
      `--${boundary}\r\n` +
        `Content-Disposition: form-data; name="${TRANSFER_FILE_FIELD}"; filename="${quoted}"; ` +
        `filename*=UTF-8''${encodeURIComponent(file.name)}\r\n` +
        `Content-Type: ${file.contentType || 'application/octet-stream'}\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    async function* parts() {
      yield head;
      for await (const chunk of file.content) yield chunk as Buffer;
      yield tail;
    }
    const body = ReadableStreamFrom(parts());
    return this.call<T>(path, key, { body, contentType: `multipart/form-data; boundary=${boundary}` });
  }
}

function ReadableStreamFrom(iterable: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = iterable[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next: IteratorResult<Uint8Array> = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

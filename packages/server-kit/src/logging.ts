// Structured logs (pino). Credentials never reach the log: cookies, tokens and passwords are redacted, and
// errors are serialized without query parameters (a failed insert would otherwise log an argon2id hash).
// On a terminal the lines are pretty-printed (pino-pretty); anywhere else they are JSON, one per line.
import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

const REDACTED = '[redacted]';
/** Property names that hold a query's bound values (drizzle, pg, PGlite). Dropped at any depth. */
const PARAMETER_KEYS = new Set(['params', 'parameters']);
const MAX_DEPTH = 6;

/**
 * Drizzle's message is `Failed query: <sql>\nparams: <values>` (and pino appends the causes' messages after
 * ": "). The SQL has placeholders only; everything from `params:` on is values, so it goes.
 */
function stripParams(text: string): string {
  return text.replace(/(^|\n)params: [\s\S]*$/, `$1params: ${REDACTED}`);
}

/**
 * PostgreSQL's `detail` repeats values too: `Key (lower(email))=(a@b.c) already exists.`, or for a NOT NULL or
 * CHECK violation `Failing row contains (…)` — the whole row, password hash included.
 */
function stripDetail(text: string): string {
  return text
    .replace(/Failing row contains \([\s\S]*\)/, `Failing row contains (${REDACTED})`)
    .replace(/\)=\([\s\S]*\)/, `)=(${REDACTED})`);
}

function scrub(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return stripParams(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value) || depth > MAX_DEPTH) return '[…]';
  seen.add(value);
  if (value instanceof Error) return serializeErr(value, depth, seen);
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1, seen));
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (PARAMETER_KEYS.has(key.toLowerCase())) continue;
    out[key] = key === 'detail' && typeof v === 'string' ? stripDetail(v) : scrub(v, depth + 1, seen);
  }
  return out;
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serializeErr(err: Error, depth: number, seen: WeakSet<object>): SerializedError {
  const raw = String(err.message ?? '');
  const message = stripParams(raw);
  // The stack starts with the message: replace it as a whole, then strip whatever is left before the frames.
  const stack = typeof err.stack === 'string' ? err.stack.replace(raw, message) : '';
  const out: SerializedError = {
    type: err.constructor?.name ?? err.name,
    message,
    stack: stripParams(stack.split('\n    at ')[0]) + stackFrames(stack),
  };
  for (const [key, v] of Object.entries(err)) {
    if (PARAMETER_KEYS.has(key.toLowerCase()) || key === 'cause' || key in out) continue;
    out[key] = key === 'detail' && typeof v === 'string' ? stripDetail(v) : scrub(v, depth + 1, seen);
  }
  const cause = (err as { cause?: unknown }).cause;
  if (cause !== undefined) out.cause = scrub(cause, depth + 1, seen);
  return out;
}

/** The `at …` lines of a stack: code locations, no data. */
function stackFrames(stack: string): string {
  const i = stack.indexOf('\n    at ');
  return i < 0 ? '' : stack.slice(i);
}

/** pino serializer for `err`: the error and its causes, without query parameters at any depth. */
export function safeErrorSerializer(err: unknown): SerializedError {
  if (err instanceof Error) return serializeErr(err, 0, new WeakSet([err]));
  const value = scrub(err, 0, new WeakSet());
  const fields = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : { value };
  const message = typeof fields.message === 'string' ? fields.message : '';
  return { ...fields, type: typeof err, message, stack: '' };
}

/**
 * Messages are cleaned too: pino takes an error's message as the line's `msg` when none is given, and
 * Fastify's own error logging passes `err.message` explicitly.
 */
function cleanLogArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  const err = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
  const cleaned = args.map((a) => (typeof a === 'string' ? stripParams(a) : a));
  if (err instanceof Error && typeof rest[0] !== 'string') cleaned.splice(1, 0, stripParams(err.message));
  return cleaned;
}

export interface LoggerOutput {
  /** Pretty lines (pino-pretty) instead of JSON; by default when stdout is a terminal. */
  pretty?: boolean;
  /** Where lines go instead of stdout (tests capture logs with this); never pretty. */
  stream?: DestinationStream;
}

const require = createRequire(import.meta.url);

export function loggerOptions(level: string, output: LoggerOutput = {}): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  const pretty = !output.stream && (output.pretty ?? process.stdout.isTTY === true);
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrftoken"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.new_password',
        '*.current_password',
      ],
      censor: REDACTED,
    },
    serializers: { err: safeErrorSerializer, error: safeErrorSerializer },
    hooks: {
      logMethod(args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(this, cleanLogArguments(args));
      },
    },
    ...(output.stream ? { stream: output.stream } : {}),
    ...(pretty
      ? {
          transport: {
            target: require.resolve('pino-pretty'),
            options: {
              translateTime: 'HH:MM:ss.l',
              ignore: 'pid,hostname',
              singleLine: true,
            },
          },
        }
      : {}),
  };
}

export interface StartupFacts {
  /** What runs (e.g. "CVDP", "CVDP coordination service"). */
  name: string;
  /** Where to open it. */
  url: string;
  /** Which database, never with a password. */
  database: string;
  /** How to sign in (or how to get an administrator). */
  signIn?: string | null;
}

/**
 * The few facts a newcomer needs after start: as plain lines on a terminal, where they must not drown in
 * request logs, and as one structured info line anywhere else (log collectors want JSON).
 */
export function reportStartup(
  log: FastifyBaseLogger,
  facts: StartupFacts,
  out: { isTTY?: boolean; write(text: string): unknown } = process.stdout,
) {
  if (out.isTTY) {
    const lines = [`${facts.name} is running at ${facts.url}`, `  database: ${facts.database}`];
    if (facts.signIn) lines.push(`  sign in:  ${facts.signIn}`);
    out.write(`\n${lines.join('\n')}\n\n`);
    return;
  }
  log.info(
    {
      url: facts.url,
      database: facts.database,
      ...(facts.signIn ? { signIn: facts.signIn } : {}),
    },
    `${facts.name} is running at ${facts.url}`,
  );
}

/** The database a config points at, for people: the embedded folder, or PostgreSQL host/db without credentials. */
export function describeDatabase(config: { databaseUrl: string | undefined; dataDir: string }): string {
  if (!config.databaseUrl) return `embedded (PGlite) in ${config.dataDir}/pglite`;
  try {
    const url = new URL(config.databaseUrl);
    const db = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default database)';
    return `PostgreSQL at ${url.hostname}${url.port ? `:${url.port}` : ''}/${db}`;
  } catch {
    return 'PostgreSQL';
  }
}

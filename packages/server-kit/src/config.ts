// Every setting comes from the environment, read once at start. README's configuration table mirrors this file.
import path from 'node:path';
import { parseOutboundAllow } from './outbound/address-policy.ts';

export interface Config {
  port: number;
  host: string;
  /** Folder for the embedded database and stored files. */
  dataDir: string;
  /** postgres://… switches from the embedded PGlite to a PostgreSQL server. */
  databaseUrl: string | undefined;
  /** Seconds of inactivity before the browser signs the user out; undefined disables the guard. */
  inactivityTimeout: number | undefined;
  /** Seconds a server-side session survives without a request. */
  sessionIdleSeconds: number;
  /** Seconds a session lives at most from sign-in, however active (absolute lifetime). */
  sessionMaxAgeSeconds: number;
  /** Seconds between deletions of ended sessions (idle past their expiry or older than the maximum age). */
  sessionPurgeSeconds: number;
  /**
   * Keep signed-in sessions in memory, invalidated through LISTEN/NOTIFY (auth/session-cache.ts); on
   * unless CVDP_SESSION_CACHE=off, which reads the session from the database on every request.
   */
  sessionCache: boolean;
  /**
   * CVDP_TEST_CLOCK=on: app.clock is real time plus an offset that an administrator moves ahead with POST
   * /api/test/clock/ — for browser tests of scheduled work only. Off by default; refused in production.
   */
  testClock: boolean;
  /**
   * Server-held key for CSRF tokens bound to a session (all replicas must share it). Without it the
   * session id itself keys the HMAC, which is secret (HttpOnly) as well; see auth/csrf.ts.
   */
  secretKey: string | undefined;
  /**
   * The CSAF provider's OpenPGP signing key (an armored private key without passphrase), from
   * CVDP_CSAF_SIGNING_KEY; unset: one is generated on first use and stored encrypted with secretKey.
   */
  csafSigningKey: string | undefined;
  /** The CSAF version the provider publishes documents in (CVDP_CSAF_VERSION: 2.0, the default, or 2.1). */
  csafVersion: '2.0' | '2.1';
  /**
   * The database prefix of the instance's OSV ids (`<prefix>-<case>-<vulnerability>`), from
   * CVDP_OSV_PREFIX; default `x_CVDP` (OSV's `x_` marks a database osv.dev does not aggregate).
   */
  osvPrefix: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Addresses handed to the page; relative by default so one process serves everything. */
  apiUrl: string;
  scoreApiUrl: string;
  logoutUrl: string;
  /** Set the Secure flag on cookies (behind HTTPS). */
  secureCookies: boolean;
  logLevel: string;
  /** Largest upload accepted, in bytes. */
  maxUploadBytes: number;
  /** Bytes of files one user may have stored (uploads past it are refused with 413). */
  uploadQuotaBytes: number;
  /** Report submits and edits one user may make per minute (more are refused with 429 before any upload). */
  submitRatePerMinute: number;
  webDistDir: string;
  /** Sign-in/registration requests per minute from one address (on top of the per-account lockout). */
  authRateLimitPerMinute: number;
  /**
   * Trust X-Forwarded-For/-Host/-Proto (only behind a reverse proxy that sets them). Off by default: a
   * client could otherwise rotate X-Forwarded-For past the per-address sign-in limit.
   */
  trustProxy: boolean;
  /**
   * The address users reach the platform at (e.g. https://cvdp.example.org). Absolute links in answers
   * (paging `next`/`previous`) are built from it; without it they are relative. Never from request headers.
   */
  publicUrl: string | undefined;
  /**
   * smtp://user:pass@host:587 (or smtps://…): the outbox worker sends queued email through this server.
   * Without it nothing is sent and mail stays queued (administrators read it at /manage/email/outbox/).
   */
  smtpUrl: string | undefined;
  /** The From of every email, e.g. `CVDP <noreply@cvdp.example.org>`. */
  emailFrom: string;
  /** How often the outbox worker looks for due email (it is also woken when a transaction queues some). */
  emailPollIntervalMs: number;
  /**
   * S3-compatible object storage for uploaded files (CVDP_S3_URL and friends), for several hosts sharing
   * them; undefined keeps them in the local folder `${dataDir}/files`. The secret is never logged.
   */
  s3: S3Settings | undefined;
  /** Seconds a scorer's lock on a vulnerability of the scoring queue lasts; an older lock counts as released. */
  scoringLockSeconds: number;
  /** Largest CVE record upload (a .json or .zip) an administrator may send to the scoring ingest, in bytes. */
  scoringUploadBytes: number;
  /**
   * Base 1's address for base 2's calls to it (creating a case from a vulnerability), e.g.
   * http://coordination:8000; undefined: the same process (the one-port platform serves both).
   */
  coordinationUrl: string | undefined;
  /** An API token of a coordination service account (staff) base 2 uses for those calls; never logged. */
  coordinationToken: string | undefined;
  /**
   * Seconds between base 2's runs of the coordination sync (base 1's published vulnerabilities into the
   * scoring queue; needs coordinationToken); 0 turns the schedule off (admins can still run it).
   */
  coordinationSyncSeconds: number;
  /** Case transfers to other instances (issue 14): how often the worker looks for due ones. */
  transferPollIntervalMs: number;
  /** Attempts of a transfer that failed for a passing reason (no answer, 5xx) before it fails for good. */
  transferMaxAttempts: number;
  /** The wait after a transfer's first failed attempt; it doubles with each further one (at most an hour). */
  transferRetryBaseMs: number;
  /** How long a running transfer stays claimed without the worker's heartbeat (a crashed worker's lapses). */
  transferLeaseMs: number;
  /** Longest wait for the receiving instance's answer to one call. */
  transferTimeoutMs: number;
  /** Whether this process runs the transfer worker (CVDP_TRANSFER_WORKER=0: another replica sends them). */
  transferWorker: boolean;
  /** Whether this process runs the webhook delivery worker (CVDP_WEBHOOK_WORKER=0: another replica sends). */
  webhookWorker: boolean;
  /** Email digests (issue 26): whether this process runs the digest worker (CVDP_DIGEST_WORKER=0: not). */
  digestWorker: boolean;
  /**
   * Whether this process runs the scheduled-publication worker (CVDP_PUBLICATION_WORKER=0: another replica
   * publishes; every replica may run one, the lease keeps them apart).
   */
  publicationWorker: boolean;
  /** How often the digest worker looks for periods that ended (CVDP_DIGEST_POLL_SECONDS, 60). */
  digestPollIntervalMs: number;
  /**
   * Addresses and CIDR ranges outbound calls (CVE Services, other instances) may reach although they are
   * loopback, private, link-local… (CVDP_OUTBOUND_ALLOW=127.0.0.1,10.0.0.0/8); public addresses need none.
   */
  outboundAllow: string[];
  /**
   * Seconds between checks of stored files against their rows (files no row names deleted, rows without a
   * file reported); also run at start. 0: at start only.
   */
  fileSweepSeconds: number;
}

export interface S3Settings {
  /** e.g. http://127.0.0.1:9000; buckets are addressed path-style (`<endpoint>/<bucket>/<key>`). */
  endpoint: string;
  bucket: string;
  region: string;
  /** Both or neither: without them the AWS SDK's default chain applies (environment, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

const DEFAULT_SESSION_IDLE_SECONDS = 20 * 60;
export const DEFAULT_SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number | undefined): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return n;
}

function osvPrefixFromEnv(raw: string | undefined): string {
  const value = raw?.trim() || 'x_CVDP';
  // OSV ids are `<DB>-<ENTRYID>`: the prefix itself holds no '-'.
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(value))
    throw new Error(`CVDP_OSV_PREFIX must be letters, digits and '_' (e.g. x_CVDP), not ${value}`);
  return value;
}

function csafVersionFromEnv(raw: string | undefined): '2.0' | '2.1' {
  const value = raw?.trim() || '2.0';
  if (value !== '2.0' && value !== '2.1')
    throw new Error(`CVDP_CSAF_VERSION must be 2.0 or 2.1, not ${value}`);
  return value;
}

function publicUrlFromEnv(raw: string | undefined): string | undefined {
  if (!raw || raw.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`CVDP_PUBLIC_URL must be an absolute http(s) address, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`CVDP_PUBLIC_URL must be an absolute http(s) address, got "${raw}"`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function coordinationUrlFromEnv(raw: string | undefined): string | undefined {
  if (!raw || raw.trim() === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw.trim());
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error('CVDP_COORDINATION_URL must be an absolute http(s) address, e.g. http://127.0.0.1:8000');
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function smtpUrlFromEnv(raw: string | undefined): string | undefined {
  if (!raw || raw.trim() === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw.trim());
  } catch {
    url = undefined;
  }
  // The message never repeats the value: it may hold the SMTP password.
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname)
    throw new Error('CVDP_SMTP_URL must be an smtp:// or smtps:// address, e.g. smtp://user:pass@host:587');
  return raw.trim();
}

function s3FromEnv(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const raw = env.CVDP_S3_URL?.trim();
  if (!raw) return undefined;
  // Messages never repeat a value: the address may carry credentials.
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
    throw new Error('CVDP_S3_URL must be an http:// or https:// address, e.g. http://127.0.0.1:9000');
  const bucket = env.CVDP_S3_BUCKET?.trim();
  if (!bucket) throw new Error('CVDP_S3_BUCKET is required with CVDP_S3_URL');
  const accessKeyId = env.CVDP_S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.CVDP_S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey)
    throw new Error('CVDP_S3_ACCESS_KEY_ID and CVDP_S3_SECRET_ACCESS_KEY go together: set both or neither');
  return {
    endpoint: raw.replace(/\/+$/, ''),
    bucket,
    region: env.CVDP_S3_REGION?.trim() || 'us-east-1',
    ...(accessKeyId ? { accessKeyId, secretAccessKey } : {}),
  };
}

function testClockFromEnv(env: NodeJS.ProcessEnv): boolean {
  const on = ['on', '1', 'true'].includes(env.CVDP_TEST_CLOCK?.trim().toLowerCase() ?? '');
  if (on && env.NODE_ENV === 'production')
    throw new Error(
      'CVDP_TEST_CLOCK=on moves the service’s clock for tests: it is refused with NODE_ENV=production',
    );
  return on;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  const inactivityTimeout = intFromEnv(env, 'CVDP_INACTIVITY_TIMEOUT', undefined);
  return {
    port: intFromEnv(env, 'PORT', 8000)!,
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.CVDP_DATA_DIR || path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    inactivityTimeout,
    sessionIdleSeconds:
      intFromEnv(env, 'CVDP_SESSION_IDLE_TIMEOUT', undefined) ??
      inactivityTimeout ??
      DEFAULT_SESSION_IDLE_SECONDS,
    sessionMaxAgeSeconds: intFromEnv(env, 'CVDP_SESSION_MAX_AGE', DEFAULT_SESSION_MAX_AGE_SECONDS)!,
    sessionPurgeSeconds: intFromEnv(env, 'CVDP_SESSION_PURGE_SECONDS', 900)!,
    sessionCache: !['off', '0', 'false'].includes(env.CVDP_SESSION_CACHE?.trim().toLowerCase() ?? ''),
    testClock: testClockFromEnv(env),
    secretKey: env.CVDP_SECRET_KEY || undefined,
    csafSigningKey: env.CVDP_CSAF_SIGNING_KEY?.trim() || undefined,
    csafVersion: csafVersionFromEnv(env.CVDP_CSAF_VERSION),
    osvPrefix: osvPrefixFromEnv(env.CVDP_OSV_PREFIX),
    adminEmail: env.CVDP_ADMIN_EMAIL || undefined,
    adminPassword: env.CVDP_ADMIN_PASSWORD || undefined,
    apiUrl: env.CVDP_API_URL || '/',
    scoreApiUrl: env.CVDP_SCORE_API_URL || '/scoring/',
    logoutUrl: env.CVDP_LOGOUT_URL || '/api/auth/logout/',
    secureCookies: env.CVDP_SECURE_COOKIES === '1' || env.CVDP_SECURE_COOKIES === 'true',
    logLevel: env.LOG_LEVEL || 'info',
    maxUploadBytes: intFromEnv(env, 'CVDP_MAX_UPLOAD_BYTES', 10 * 1024 * 1024)!,
    uploadQuotaBytes: intFromEnv(env, 'CVDP_UPLOAD_QUOTA_BYTES', 1024 * 1024 * 1024)!,
    submitRatePerMinute: intFromEnv(env, 'CVDP_SUBMIT_RATE_LIMIT', 10)!,
    webDistDir: path.resolve(env.CVDP_WEB_DIST || path.join(root, 'web/dist')),
    authRateLimitPerMinute: intFromEnv(env, 'CVDP_AUTH_RATE_LIMIT', 30)!,
    trustProxy: env.CVDP_TRUST_PROXY === '1' || env.CVDP_TRUST_PROXY === 'true',
    publicUrl: publicUrlFromEnv(env.CVDP_PUBLIC_URL),
    smtpUrl: smtpUrlFromEnv(env.CVDP_SMTP_URL),
    emailFrom: env.CVDP_EMAIL_FROM?.trim() || 'CVDP <noreply@localhost>',
    emailPollIntervalMs: intFromEnv(env, 'CVDP_EMAIL_POLL_SECONDS', 5)! * 1000,
    s3: s3FromEnv(env),
    scoringLockSeconds: intFromEnv(env, 'CVDP_SCORING_LOCK_SECONDS', 2 * 60 * 60)!,
    scoringUploadBytes: intFromEnv(env, 'CVDP_SCORING_UPLOAD_BYTES', 200 * 1024 * 1024)!,
    coordinationUrl: coordinationUrlFromEnv(env.CVDP_COORDINATION_URL),
    coordinationToken: env.CVDP_COORDINATION_TOKEN?.trim() || undefined,
    coordinationSyncSeconds:
      env.CVDP_SCORING_SYNC_SECONDS?.trim() === '0'
        ? 0
        : intFromEnv(env, 'CVDP_SCORING_SYNC_SECONDS', 15 * 60)!,
    transferPollIntervalMs: intFromEnv(env, 'CVDP_TRANSFER_POLL_SECONDS', 5)! * 1000,
    transferMaxAttempts: intFromEnv(env, 'CVDP_TRANSFER_MAX_ATTEMPTS', 8)!,
    transferRetryBaseMs: intFromEnv(env, 'CVDP_TRANSFER_RETRY_SECONDS', 30)! * 1000,
    transferLeaseMs: intFromEnv(env, 'CVDP_TRANSFER_LEASE_SECONDS', 120)! * 1000,
    transferTimeoutMs: intFromEnv(env, 'CVDP_TRANSFER_TIMEOUT_SECONDS', 120)! * 1000,
    transferWorker: env.CVDP_TRANSFER_WORKER !== '0' && env.CVDP_TRANSFER_WORKER !== 'false',
    webhookWorker: env.CVDP_WEBHOOK_WORKER !== '0' && env.CVDP_WEBHOOK_WORKER !== 'false',
    digestWorker: env.CVDP_DIGEST_WORKER !== '0' && env.CVDP_DIGEST_WORKER !== 'false',
    publicationWorker: env.CVDP_PUBLICATION_WORKER !== '0' && env.CVDP_PUBLICATION_WORKER !== 'false',
    digestPollIntervalMs: intFromEnv(env, 'CVDP_DIGEST_POLL_SECONDS', 60)! * 1000,
    outboundAllow: parseOutboundAllow(env.CVDP_OUTBOUND_ALLOW),
    fileSweepSeconds:
      env.CVDP_FILE_SWEEP_SECONDS?.trim() === '0'
        ? 0
        : intFromEnv(env, 'CVDP_FILE_SWEEP_SECONDS', 6 * 60 * 60)!,
  };
}

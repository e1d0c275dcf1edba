import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { describeDatabase, loggerOptions, reportStartup, safeErrorSerializer } from './logging.ts';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

/** A unique violation the way drizzle hands it over: the driver error (with its own copy of the values) as cause. */
function failedInsert() {
  const driverError = Object.assign(new Error('null value in column "name" violates not-null constraint'), {
    code: '23502',
    detail: `Failing row contains (7, a@example.test, null, ${HASH}).`,
    query: 'insert into "users" ("email", "name", "password_hash") values ($1, $2, $3)',
    params: ['a@example.test', null, HASH],
    queryOptions: { parameters: [HASH] },
  });
  return new DrizzleQueryError(driverError.query, ['a@example.test', null, HASH], driverError);
}

describe('error serializer', () => {
  it('keeps the message, SQL, code and stack frames but no query parameters, at any depth', () => {
    const out = JSON.stringify(safeErrorSerializer(failedInsert()));
    expect(out).not.toContain('$argon2id');
    expect(out).not.toContain('a@example.test');
    expect(out).not.toMatch(/"params"|"parameters"/);
    expect(out).toContain('Failed query: insert into \\"users\\"');
    expect(out).toContain('23502');
    expect(out).toContain('violates not-null constraint');
    expect(out).toContain('logging.test.ts');
  });

  it('also cleans errors wrapped once more, and objects that are not errors', () => {
    const wrapped = new Error('request failed', { cause: failedInsert() });
    expect(JSON.stringify(safeErrorSerializer(wrapped))).not.toContain('$argon2id');
    expect(
      JSON.stringify(safeErrorSerializer({ params: [HASH], nested: { parameters: HASH } })),
    ).not.toContain('$argon2id');
  });

  it('is what the logger uses for `err`', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: loggerOptions('info', { stream }) });
    app.get('/boom', async () => {
      throw failedInsert();
    });
    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    await app.close();
    const log = lines.join('');
    expect(log).toContain('Failed query');
    expect(log).not.toContain('$argon2id');
    expect(log).not.toMatch(/params: (?!\[redacted\])|"params"/);
  });
});

describe('start-up facts', () => {
  const facts = {
    name: 'CVDP',
    url: 'http://127.0.0.1:8000/cvdp/',
    database: describeDatabase({
      databaseUrl: 'postgres://cvdp:s3cret-pw@db.internal:5433/cvdp',
      dataDir: '/x',
    }),
    signIn: 'No administrator exists yet. Set CVDP_ADMIN_EMAIL and CVDP_ADMIN_PASSWORD.',
  };

  it('name the database without its password', () => {
    expect(facts.database).toBe('PostgreSQL at db.internal:5433/cvdp');
    expect(describeDatabase({ databaseUrl: undefined, dataDir: '/srv/cvdp' })).toBe(
      'embedded (PGlite) in /srv/cvdp/pglite',
    );
  });

  it('are plain lines on a terminal', () => {
    let printed = '';
    const log = { info: () => expect.unreachable() } as unknown as FastifyBaseLogger;
    reportStartup(log, facts, { isTTY: true, write: (text: string) => (printed += text) });
    expect(printed).toContain('CVDP is running at http://127.0.0.1:8000/cvdp/\n');
    expect(printed).toContain('database: PostgreSQL at db.internal:5433/cvdp\n');
    expect(printed).toContain('sign in:  No administrator exists yet.');
    expect(printed).not.toContain('{');
  });

  it('are one structured info line otherwise', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: loggerOptions('info', { stream }) });
    reportStartup(app.log, facts, { isTTY: false, write: () => expect.unreachable() });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({
      level: 30,
      msg: 'CVDP is running at http://127.0.0.1:8000/cvdp/',
      url: facts.url,
      database: facts.database,
      signIn: facts.signIn,
    });
  });

  it('pretty-print on a terminal only', () => {
    const pretty = loggerOptions('info', { pretty: true }) as {
      transport?: { target: string; options: object };
    };
    expect(pretty.transport?.target).toMatch(/pino-pretty/);
    expect(pretty.transport?.options).toEqual({
      translateTime: 'HH:MM:ss.l',
      ignore: 'pid,hostname',
      singleLine: true,
    });
    expect((loggerOptions('info', { pretty: false }) as { transport?: unknown }).transport).toBeUndefined();
    const tty = process.stdout.isTTY;
    try {
      process.stdout.isTTY = true;
      expect((loggerOptions('info') as { transport?: unknown }).transport).toBeDefined();
      process.stdout.isTTY = false;
      expect((loggerOptions('info') as { transport?: unknown }).transport).toBeUndefined();
    } finally {
      process.stdout.isTTY = tty;
    }
  });
});

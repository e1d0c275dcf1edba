import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loggerOptions, safeErrorSerializer } from './logging.ts';

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

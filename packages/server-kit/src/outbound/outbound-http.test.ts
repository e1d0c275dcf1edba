// The outbound client against real local servers: the address policy (by address and by name, checked at
// connect time), redirects to another origin never followed (the other server receives nothing), the
// answer's size limit and the timeout.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressPolicy, parseOutboundAllow } from './address-policy.ts';
import { OutboundError, OutboundHttp } from './outbound-http.ts';

describe('AddressPolicy', () => {
  it('refuses loopback, private, link-local, unspecified, multicast, unique-local and mapped addresses', () => {
    const policy = new AddressPolicy();
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      'not an address',
    ])
      expect(policy.allows(address), address).toBe(false);
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111'])
      expect(policy.allows(address), address).toBe(true);
  });

  it('allows what the administrator lists, and nothing beside it', () => {
    const policy = new AddressPolicy(parseOutboundAllow(' 127.0.0.1, 10.0.0.0/8 ,fd00::/8'));
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '10.200.3.4', 'fd00::5'])
      expect(policy.allows(address), address).toBe(true);
    for (const address of ['127.0.0.2', '192.168.0.1', '::1', 'fe80::1'])
      expect(policy.allows(address), address).toBe(false);
    expect(() => parseOutboundAllow('127.0.0.1,intranet')).toThrow(
      'CVDP_OUTBOUND_ALLOW: "intranet" is not an IP address or CIDR range',
    );
    expect(parseOutboundAllow('')).toEqual([]);
  });
});

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: Server; url: string; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as OutboundError,
  );

describe('OutboundHttp', () => {
  let elsewhere: Awaited<ReturnType<typeof listen>>;
  let service: Awaited<ReturnType<typeof listen>>;
  const allowed = new OutboundHttp({ allow: ['127.0.0.1'] });
  const strict = new OutboundHttp();

  beforeAll(async () => {
    elsewhere = await listen((_req, res) => res.end('{"stolen":true}'));
    service = await listen((req, res) => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/away') {
        res.writeHead(307, { location: `${elsewhere.url}/cve-id` }).end();
      } else if (url.pathname === '/moved') {
        res.writeHead(302, { location: '/here' }).end();
      } else if (url.pathname === '/big') {
        res.end('x'.repeat(2048));
      } else if (url.pathname === '/silent') {
        // Never answers: the caller's timeout ends the call.
      } else {
        res.end(JSON.stringify({ path: url.pathname, key: req.headers['cve-api-key'] ?? null }));
      }
    });
  });
  afterAll(async () => {
    await Promise.all([allowed.close(), strict.close()]);
    service.server.closeAllConnections();
    await Promise.all([service, elsewhere].map((s) => new Promise((r) => s.server.close(r))));
  });

  it('reaches an allowed address and reads the answer', async () => {
    const res = await allowed.request(`${service.url}/ok`, { headers: { 'CVE-API-KEY': 'k' } });
    expect([res.status, JSON.parse(res.text)]).toEqual([200, { path: '/ok', key: 'k' }]);
  });

  it('refuses loopback unless allowed, by address and by a name that resolves to it; nothing is sent', async () => {
    const before = service.seen.length;
    expect((await failure(strict.request(`${service.url}/ok`))).kind).toBe('refused');
    const port = new URL(service.url).port;
    // A name is checked after it is resolved, on the connection's own lookup.
    expect((await failure(strict.request(`http://localhost:${port}/ok`))).kind).toBe('refused');
    expect((await failure(strict.request(`http://[::ffff:127.0.0.1]:${port}/ok`))).kind).toBe('refused');
    expect((await failure(allowed.request(`http://127.0.0.2:${port}/ok`))).kind).toBe('refused');
    expect((await failure(allowed.request('file:///etc/passwd'))).kind).toBe('refused');
    expect(service.seen.length).toBe(before);
  });

  it('never follows a redirect to another origin: the credentials stay home', async () => {
    const e = await failure(
      allowed.request(`${service.url}/away`, {
        method: 'POST',
        headers: { 'CVE-API-KEY': 'secret' },
        body: '{}',
      }),
    );
    expect(e).toBeInstanceOf(OutboundError);
    expect(e.kind).toBe('redirect');
    expect(elsewhere.seen).toHaveLength(0);
    // A GET the same origin moves is followed.
    const moved = await allowed.request(`${service.url}/moved`);
    expect(JSON.parse(moved.text)).toMatchObject({ path: '/here' });
  });

  it('stops reading past the size limit and gives up after the timeout', async () => {
    expect((await failure(allowed.request(`${service.url}/big`, { maxResponseBytes: 1024 }))).kind).toBe(
      'too-large',
    );
    expect((await allowed.request(`${service.url}/big`, { maxResponseBytes: 4096 })).text).toHaveLength(2048);
    expect((await failure(allowed.request(`${service.url}/silent`, { timeoutMs: 200 }))).kind).toBe(
      'timeout',
    );
  });

  it('an address nobody answers at is unreachable, with the system code for logs only', async () => {
    const gone = await listen(() => undefined);
    await new Promise((r) => gone.server.close(r));
    const e = await failure(allowed.request(`${gone.url}/`));
    expect([e.kind, e.message, e.code]).toEqual(['unreachable', 'network error', 'ECONNREFUSED']);
  });
});

// A cookie-keeping HTTP client over fastify.inject: behaves like a browser tab (session cookie, CSRF header).
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'HEAD';

export class TestClient {
  readonly cookies = new Map<string, string>();
  /**
   * Wait for the session cache to have heard every change made so far before each request (see below).
   * A suite that changes no user, session or membership behind the app's back may turn it off.
   */
  syncSessionCache = true;
  constructor(
    private readonly app: FastifyInstance,
    private readonly base = '',
  ) {}

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async request(
    method: Method,
    url: string,
    options: Partial<InjectOptions> & { body?: unknown; csrf?: boolean } = {},
  ) {
    if (method !== 'GET' && method !== 'HEAD' && options.csrf !== false && !this.cookies.has('csrftoken')) {
      this.remember(await this.app.inject({ method: 'GET', url: '/healthz' }));
    }
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (options.csrf !== false && this.cookies.has('csrftoken') && !('x-csrftoken' in headers)) {
      headers['x-csrftoken'] = this.cookies.get('csrftoken')!;
    }
    const payload = options.body ?? options.payload;
    // What a test just changed in the database (a session, a user, a membership) is in effect for the
    // session cache as it would be after the NOTIFY on a real server, not a race with it.
    if (this.syncSessionCache) await this.app.sessionCache?.sync();
    const from = options.remoteAddress ? { remoteAddress: options.remoteAddress } : {};
    const res = await this.app.inject({ method, url: this.base + url, headers, payload, ...from });
    this.remember(res);
    return res;
  }

  get = (url: string, o?: Partial<InjectOptions>) => this.request('GET', url, o);
  post = (url: string, body?: unknown, o?: Partial<InjectOptions> & { csrf?: boolean }) =>
    this.request('POST', url, { ...o, body: body as never });
  patch = (url: string, body?: unknown, o?: Partial<InjectOptions> & { csrf?: boolean }) =>
    this.request('PATCH', url, { ...o, body: body as never });
  put = (url: string, body?: unknown, o?: Partial<InjectOptions>) =>
    this.request('PUT', url, { ...o, body: body as never });
  delete = (url: string, o?: Partial<InjectOptions> & { csrf?: boolean }) => this.request('DELETE', url, o);
}

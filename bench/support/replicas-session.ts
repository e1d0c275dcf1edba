// A browser-like client of the replicas bench: cookies and the CSRF token, every request through the proxy,
// optionally pinned to one replica (`X-CVDP-Replica`); each answer remembers which replica served it.
export type Pin = 'a' | 'b' | undefined;

export class Session {
  private cookies = new Map<string, string>();
  /** The replica that served the last answer (HAProxy's X-CVDP-Served-By). */
  lastServedBy = '';

  constructor(private readonly base: string) {}

  private remember(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    this.lastServedBy = res.headers.get('x-cvdp-served-by') ?? '';
  }

  headers(pin?: Pin): Record<string, string> {
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'X-CSRFToken': this.cookies.get('csrftoken') ?? '',
      ...(pin ? { 'X-CVDP-Replica': pin } : {}),
    };
  }

  url(path: string) {
    return new URL(path.replace(/^\//, ''), this.base);
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    pin?: Pin,
    signal?: AbortSignal,
  ): Promise<Response> {
    const headers = this.headers(pin);
    if (path.endsWith('/events/')) headers.accept = 'text/event-stream';
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(this.url(path), { method, headers, body: payload, signal });
    this.remember(res);
    return res;
  }

  async json<T>(method: string, path: string, body?: unknown, pin?: Pin): Promise<T> {
    const res = await this.request(method, path, body, pin);
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  get = <T>(path: string, pin?: Pin) => this.json<T>('GET', path, undefined, pin);
  post = <T>(path: string, body: unknown, pin?: Pin) => this.json<T>('POST', path, body, pin);

  static async signIn(base: string, who: { email: string; password: string }, pin?: Pin) {
    const s = new Session(base);
    await s.request('GET', '/healthz', undefined, pin);
    await s.json('POST', '/api/auth/login/', who, pin);
    return s;
  }
}

/** A minimal report form (POST /api/report/): a case to work in. */
export function reportForm(title: string) {
  const report = [
    { question: 'Title', answer: title },
    { question: 'Product', answer: 'Acme Shop 2.3' },
    { question: 'Have you notified the vendor?', answer: 'No' },
    { question: 'Vendor contact', answer: 'psirt@acme.example' },
    { question: 'Do you have plans to disclose this vulnerability?', answer: 'No' },
    {
      question: 'Describe the vulnerabilities',
      answer: [
        [
          { question: 'Description', answer: 'The search box builds SQL from its input.' },
          { question: 'Do you want to provide a CVSS score?', answer: 'No' },
          { question: 'Has this vulnerability been publicly disclosed?', answer: 'No' },
        ],
      ],
    },
  ];
  const form = new FormData();
  form.append('report', JSON.stringify(report));
  form.append('poc', new Blob(['print("pwned")\n'], { type: 'text/x-python' }), 'exploit.py');
  return form;
}

/** Waits for an SSE event whose data satisfies `match` on an open stream; resolves with the ms it took. */
export async function waitForEvent(
  body: ReadableStream<Uint8Array>,
  match: (event: string, data: unknown) => boolean,
  timeoutMs: number,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const timer = setTimeout(() => void reader.cancel(), timeoutMs);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`no matching event within ${timeoutMs} ms`);
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data !== undefined && match(name, JSON.parse(data))) return;
      }
    }
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
}

import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { authRateLimitPerMinute: 3 } });
});
afterAll(() => t.close());

it('limits sign-in attempts per client address, whatever the account', async () => {
  const client = t.anonymous();
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await client.post('/api/auth/login/', { email: `someone${i}@example.test`, password: 'x' });
    statuses.push(res.statusCode);
  }
  expect(statuses).toEqual([400, 400, 400, 429]);
  const last = await client.post('/api/auth/login/', { email: 'other@example.test', password: 'x' });
  expect(last.statusCode).toBe(429);
  expect(last.json().detail).toMatch(/Rate limit exceeded/);
});

it('is not fooled by a client rotating X-Forwarded-For (proxy headers are not trusted by default)', async () => {
  const rotating = await createTestApp({ config: { authRateLimitPerMinute: 3 } });
  try {
    const client = rotating.anonymous();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await client.post(
        '/api/auth/login/',
        { email: `rotating${i}@example.test`, password: 'x' },
        { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  } finally {
    await rotating.close();
  }
});

it('counts per forwarded address when CVDP_TRUST_PROXY says a proxy sets it', async () => {
  const behindProxy = await createTestApp({ config: { authRateLimitPerMinute: 3, trustProxy: true } });
  try {
    const client = behindProxy.anonymous();
    for (let i = 0; i < 4; i++) {
      const res = await client.post(
        '/api/auth/login/',
        { email: `proxied${i}@example.test`, password: 'x' },
        { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } },
      );
      expect(res.statusCode).toBe(400);
    }
  } finally {
    await behindProxy.close();
  }
});

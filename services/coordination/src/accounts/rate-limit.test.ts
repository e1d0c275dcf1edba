import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

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

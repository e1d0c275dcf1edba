import { spawn } from 'node:child_process';
import { signIn } from './support/harness.ts';
import { COORDINATOR, PASSWORD, QUERIES } from './support/case-seed.ts';
const db = process.argv[2];
const route = process.argv[3];
const n = Number(process.argv[4] ?? 60);
const port = 8030 + Math.floor(Math.random() * 100);
const child = spawn(process.execPath, ['--max-semi-space-size=4', '--heap-growing-percent=50', 'dist/server/platform.js'], {
  env: { ...process.env, DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}`, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
  stdio: 'inherit',
});
const origin = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) {
  try { if ((await fetch(`${origin}/healthz`)).ok) break; } catch {}
  await new Promise((r) => setTimeout(r, 200));
}
const { cookie } = await signIn(origin, process.env.EMAIL ?? COORDINATOR, process.env.PASS ?? PASSWORD);
const times: number[] = [];
for (let i = 0; i < n; i++) {
  const q = QUERIES[i % QUERIES.length];
  const routes = route.split('|');
  const url = origin + routes[i % routes.length].replace('QQ', encodeURIComponent(q));
  const t0 = performance.now();
  const r = await fetch(url, { headers: { cookie } });
  const body = await r.text();
  times.push(performance.now() - t0);
  if (i < QUERIES.length && process.env.SHOW) console.log(q, r.status, body.slice(0, 120));
}
times.sort((a, b) => a - b);
console.log('p50', times[Math.floor(n / 2)].toFixed(2), 'p95', times[Math.floor(n * 0.95)].toFixed(2));
child.kill();
process.exit(0);

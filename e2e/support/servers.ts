// The platform processes the browser tests run against. `main` has a long inactivity timeout; `shortSession`
// has one short enough to watch the Session Timeout modal appear and run out; `demo` starts on what
// `npm run seed:demo` writes (the first-hour walk of every role, first-hour.spec.ts); `secondFactorRequired`
// is where the administrator's requirement of a second factor is switched on.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ADMIN = { email: 'e2e-admin@example.test', password: 'e2e admin password 1' };

/** Every demo user's password on the `demo` server (the seed makes new ones each run unless told this). */
export const DEMO_PASSWORD = 'e2e demo password 1';

/**
 * The platform as `npm start` runs it: compiled (dist/server, made current by playwright.config.ts before the
 * servers start) with the same node flags. Through tsx each server took ~4 s more CPU to start.
 */
const START =
  'node --max-semi-space-size=4 --heap-growing-percent=50 --liftoff-only --enable-source-maps dist/server/platform.js';

function server(port: number, extra: Record<string, string>, command = START) {
  return {
    url: `http://127.0.0.1:${port}`,
    command,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      CVDP_DATA_DIR: mkdtempSync(path.join(tmpdir(), `cvdp-e2e-${port}-`)),
      CVDP_ADMIN_EMAIL: ADMIN.email,
      CVDP_ADMIN_PASSWORD: ADMIN.password,
      CVDP_AUTH_RATE_LIMIT: '10000',
      // CVE account API keys (and connection tokens) are encrypted with it; without it they are refused.
      CVDP_SECRET_KEY: 'e2e secret key for CVE account API keys',
      LOG_LEVEL: 'warn',
      // The stand-ins the servers call (local CVE Services, the other instance of a transfer) are on loopback,
      // which outbound calls may reach only when allowed.
      CVDP_OUTBOUND_ALLOW: '127.0.0.1',
      ...extra,
    },
  };
}

// The config module is evaluated in the runner and in each worker; the port stays the same, and only
// the runner starts servers, so the temp folders made by workers are simply unused.
export const servers = {
  // The main server's clock can be moved ahead (POST /api/test/clock/) for scheduled work such as publication.
  main: server(Number(process.env.E2E_PORT ?? 8411), {
    CVDP_INACTIVITY_TIMEOUT: '3600',
    CVDP_TEST_CLOCK: 'on',
  }),
  shortSession: server(Number(process.env.E2E_SHORT_PORT ?? 8412), { CVDP_INACTIVITY_TIMEOUT: '35' }),
  // Where an administrator requires a second factor of staff (second-factor.spec.ts): on the other servers it
  // would send the staff of every spec running beside it to enrol.
  secondFactorRequired: server(Number(process.env.E2E_2FA_PORT ?? 8414), { CVDP_INACTIVITY_TIMEOUT: '3600' }),
  // The seed first, into the server's fresh data dir (nothing holds it yet), then the server. The seed takes
  // ~16 s on an idle machine, all 1,471 shipped CVE records of the scoring queue included (~1 s of it).
  // DATABASE_URL is emptied so that the seed never writes anywhere but here.
  demo: server(
    Number(process.env.E2E_DEMO_PORT ?? 8413),
    { CVDP_INACTIVITY_TIMEOUT: '3600', CVDP_DEMO_PASSWORD: DEMO_PASSWORD, DATABASE_URL: '' },
    `node --import tsx services/platform/tools/seed-demo.ts && ${START}`,
  ),
};

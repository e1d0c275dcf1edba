// The main server's clock (CVDP_TEST_CLOCK=on): real time plus an offset an administrator moves ahead, for
// scheduled work (publication at the embargo's end). The offset is the whole server's, and two workers run
// specs on that server at once; while it is ahead:
// - sessions do not care (they expire by the database's now() and the browser's idle timer: real time);
// - what compares with the app clock does: another spec proposing an embargo end a month out would be told
//   the end is in the past, a publication scheduled for tomorrow would come due (advisories.spec schedules
//   one and cancels it), and this spec's own retry would propose its ends in the past.
// So the spec keeps the clock ahead only while the scheduled work it waits for runs (about a second: the
// publication worker is woken when the clock moves) and puts it back to real time at once — and again in
// afterEach should the test fail in between. What happened in that moment stays done (our embargo ended,
// our advisory published), and nothing else on the server waits on a moment that close.
import { expect } from '@playwright/test';
import { ADMIN, servers } from './servers.ts';
import { apiSignIn } from './accounts.ts';

async function asAdmin<T>(act: (admin: Awaited<ReturnType<typeof apiSignIn>>) => Promise<T>): Promise<T> {
  const admin = await apiSignIn(servers.main.url, ADMIN.email, ADMIN.password);
  try {
    return await act(admin);
  } finally {
    await admin.api.dispose();
  }
}

/**
 * Moves the main server's clock just past `instant`, runs `until` (poll there for the work to be done) and
 * puts the clock back to real time, whatever `until` does.
 */
export async function withClockPast(instant: string | Date, until: () => Promise<void>): Promise<void> {
  await asAdmin(async ({ api, headers }) => {
    const seconds = Math.ceil((new Date(instant).getTime() - Date.now()) / 1000) + 60;
    const moved = await api.post('/api/test/clock/', { data: { advance_seconds: seconds }, headers });
    expect(moved.status(), await moved.text()).toBe(200);
    try {
      await until();
    } finally {
      const back = await api.delete('/api/test/clock/', { headers });
      expect(back.status(), await back.text()).toBe(200);
    }
  });
}

/** Real time again (afterEach of a spec that moves the clock: a failure must not leave it ahead). */
export async function resetClock(): Promise<void> {
  await asAdmin(async ({ api, headers }) => {
    const back = await api.delete('/api/test/clock/', { headers });
    expect(back.status(), await back.text()).toBe(200);
  });
}

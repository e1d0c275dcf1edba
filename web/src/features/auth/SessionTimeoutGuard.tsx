// Signs an idle user out: prompts 30 s before the configured inactivity timeout, logs out through the
// logout call and reloads when the countdown ends. Activity also keeps the server-side session alive.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIdleTimer } from 'react-idle-timer';
import { logout, reportActivity } from './api/index.ts';
import { ACTIVITY_DEBOUNCE_MS, sessionTimeoutSettings } from './session-timeout.ts';
import { SessionTimeoutModal } from './SessionTimeoutModal.tsx';
import { rememberSignedOut } from './signed-out-reason.ts';

/** With the guard off, the timer only reports activity; a day keeps it well inside its limits. */
const MAX_TIMER_MS = 24 * 60 * 60 * 1000;

export function SessionTimeoutGuard(props: { inactivityTimeout: number | null; logoutUrl: string }) {
  const settings = sessionTimeoutSettings(props.inactivityTimeout);
  const [prompting, setPrompting] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const lastPing = useRef(0);

  const keepAlive = useCallback(
    (force = false) => {
      const now = Date.now();
      if (!force && now - lastPing.current < settings.keepAliveEveryMs) return;
      lastPing.current = now;
      reportActivity().catch(() => undefined);
    },
    [settings.keepAliveEveryMs],
  );

  // With the guard off the timer still runs, only to report activity: the server-side session has an
  // idle expiry of its own, and a reader who makes no requests must not lose it.
  const timer = useIdleTimer({
    timeout: settings.disabled ? MAX_TIMER_MS : settings.timeout,
    promptBeforeIdle: settings.disabled ? 0 : settings.promptBeforeIdle,
    debounce: ACTIVITY_DEBOUNCE_MS,
    onPrompt: () => {
      if (!settings.disabled) setPrompting(true);
    },
    onAction: () => keepAlive(),
    onIdle: () => {
      if (settings.disabled) return;
      setPrompting(false);
      rememberSignedOut('inactivity');
      void logout(props.logoutUrl)
        .catch(() => undefined)
        .finally(() => window.location.reload());
    },
  });

  useEffect(() => {
    if (!prompting) return;
    const tick = () => setSecondsLeft(Math.max(0, Math.ceil(timer.getRemainingTime() / 1000)));
    tick();
    const id = window.setInterval(tick, 250);
    return () => window.clearInterval(id);
  }, [prompting, timer]);

  const stay = () => {
    setPrompting(false);
    timer.activate();
    keepAlive(true);
  };

  if (settings.disabled) return null;
  return <SessionTimeoutModal show={prompting} secondsLeft={secondsLeft} onStay={stay} />;
}

// Signs an idle user out: prompts 30 s before the configured inactivity timeout, logs out through the
// logout call and reloads when the countdown ends. Activity also keeps the server-side session alive.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIdleTimer } from 'react-idle-timer';
import { coordinationApi } from '../../lib/api-client.ts';
import { logout } from './api.ts';
import { ACTIVITY_DEBOUNCE_MS, sessionTimeoutSettings } from './session-timeout.ts';
import { SessionTimeoutModal } from './SessionTimeoutModal.tsx';

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
      coordinationApi.get('api/user/').catch(() => undefined);
    },
    [settings.keepAliveEveryMs],
  );

  const timer = useIdleTimer({
    timeout: settings.timeout,
    promptBeforeIdle: settings.promptBeforeIdle,
    debounce: ACTIVITY_DEBOUNCE_MS,
    disabled: settings.disabled,
    onPrompt: () => setPrompting(true),
    onAction: () => keepAlive(),
    onIdle: () => {
      setPrompting(false);
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

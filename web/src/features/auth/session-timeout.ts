// Session inactivity constants and arithmetic (SPEC §4, §9).
export const DEFAULT_INACTIVITY_TIMEOUT_MS = 1_200_000;
export const PROMPT_BEFORE_IDLE_MS = 30_000;
export const ACTIVITY_DEBOUNCE_MS = 500;

/** Configured seconds × 1000 replace the 20-minute default; none configured disables the guard. */
export function sessionTimeoutSettings(inactivityTimeoutSeconds: number | null) {
  const timeout = inactivityTimeoutSeconds ? inactivityTimeoutSeconds * 1000 : DEFAULT_INACTIVITY_TIMEOUT_MS;
  return {
    disabled: !inactivityTimeoutSeconds,
    timeout,
    // A timeout shorter than the prompt would leave no active time at all; keep one second of it.
    promptBeforeIdle: Math.min(PROMPT_BEFORE_IDLE_MS, Math.max(timeout - 1000, 0)),
    // How often activity is reported to the server so its session slides along with the page.
    keepAliveEveryMs: Math.min(60_000, Math.max(Math.floor(timeout / 4), 1000)),
  };
}

// Confirmations of actions that change something ("Case notice sent to 3 users."): one small store outside
// React, so any screen confirms with `toast(text)` in its mutate's onSuccess and no provider has to wrap it;
// the app shell's <Toasts /> shows them in one polite live region. Each one leaves after TOAST_MS.
import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  text: string;
}

/** Long enough to read a sentence; the region is polite, so a screen reader reads it whole anyway. */
export const TOAST_MS = 6000;

let toasts: readonly Toast[] = [];
let serial = 0;
const listeners = new Set<() => void>();

function set(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number) {
  set(toasts.filter((t) => t.id !== id));
}

/** Shows `text` as a confirmation; it goes away by itself or when dismissed. */
export function toast(text: string) {
  const id = ++serial;
  // The same confirmation twice in a row (a button pressed again) shows once, freshly timed.
  set([...toasts.filter((t) => t.text !== text), { id, text }]);
  setTimeout(() => dismissToast(id), TOAST_MS);
}

/** Tests start each case without the previous one's confirmations. */
export function clearToasts() {
  set([]);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useToasts = () => useSyncExternalStore(subscribe, () => toasts);

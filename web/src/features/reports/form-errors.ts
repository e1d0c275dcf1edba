// Finding the first invalid field on screen, and server field messages for the form.
import { shownFieldMessage } from '@cvdp/core';

/** Scrolls to the first field showing an error (in page order) and focuses it. */
export function scrollToFirstError(container: HTMLElement | null) {
  const target = container?.querySelector<HTMLElement>('.is-invalid, [data-field-error]');
  if (!target) return;
  const focusable = target.matches('input, textarea, select, button')
    ? target
    : target.closest('[data-field]')?.querySelector<HTMLElement>('input, textarea, select, button');
  (focusable ?? target).scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  focusable?.focus({ preventScroll: true });
}

/** The message shown under a field for a schema or server message. */
export const fieldMessage = (message: string | undefined) =>
  message ? shownFieldMessage(message) : undefined;

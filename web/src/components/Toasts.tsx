// The app's confirmation region (lib/toast.ts): always in the page, so screen readers announce what is added
// to it (role=status, aria-live=polite); each confirmation can be dismissed and leaves by itself. Its
// Dismiss button names the confirmation, so two at once are two different controls to a screen reader.
import { dismissToast, useToasts } from '../lib/toast.ts';

export function Toasts() {
  const toasts = useToasts();
  return (
    <div
      className="toast-container position-fixed bottom-0 end-0 p-3"
      role="status"
      aria-live="polite"
      aria-label="Confirmations"
    >
      {toasts.map((t) => (
        <div key={t.id} className="toast show text-bg-success border-0">
          <div className="d-flex align-items-start">
            <div className="toast-body">{t.text}</div>
            <button
              type="button"
              className="btn-close btn-close-white me-2 m-auto"
              aria-label={`Dismiss: ${t.text}`}
              onClick={() => dismissToast(t.id)}
            />
          </div>
        </div>
      ))}
    </div>
  );
}

// Each screen names its tab: "Sign in · CVDP", "Case #12 · CVDP". A screen without a title of its own
// leaves the app's name.
import { useEffect } from 'react';

export const APP_NAME = 'CVDP';

export const pageTitle = (title?: string | null) => (title ? `${title} · ${APP_NAME}` : APP_NAME);

export function usePageTitle(title?: string | null) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}

// The unread count and link load with the screen showing them: the route table, which imports this
// feature's index, does not carry the notification calls into the first chunk.
import { lazy } from 'react';

export const UnreadCount = lazy(() => import('./UnreadCount.tsx').then((m) => ({ default: m.UnreadCount })));
export const UnreadLink = lazy(() => import('./UnreadCount.tsx').then((m) => ({ default: m.UnreadLink })));

// Action needed, the thread's follow/mute control and the email choice load with the screen showing them:
// the route table, which imports this feature's index, does not carry their calls into the first chunk.
import { lazy } from 'react';

export const ActionNeeded = lazy(() =>
  import('./ActionNeeded.tsx').then((m) => ({ default: m.ActionNeeded })),
);
export const ThreadFollowControl = lazy(() =>
  import('./ThreadFollowControl.tsx').then((m) => ({ default: m.ThreadFollowControl })),
);
export const ConversationEmailCard = lazy(() =>
  import('./ConversationEmailCard.tsx').then((m) => ({ default: m.ConversationEmailCard })),
);

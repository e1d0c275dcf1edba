// Notifications: the layout's bell, the full page, and the unread count other screens show. The bell and
// the count are lazy components, so the route table carries none of their code into the first chunk.
export { notificationRoutes } from './routes.tsx';
export { NotificationsMenu } from './notifications-menu-lazy.tsx';
export { UnreadCount, UnreadLink } from './unread-lazy.tsx';
export { ActionNeeded, ConversationEmailCard, ThreadFollowControl } from './issue26-lazy.tsx';

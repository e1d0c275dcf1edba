// The unread count for other screens (the desk): the number alone, or a link saying it.
import { Link } from 'react-router';
import { useUnreadCount } from './api/index.ts';

const UNREAD_PATH = '/cvdp/notifications?unread=1';

export function UnreadCount() {
  const unread = useUnreadCount();
  return <>{unread.data ?? '…'}</>;
}

/** "3 unread notifications", linking to them; nothing when none are unread. */
export function UnreadLink({ className }: { className?: string }) {
  const unread = useUnreadCount();
  if (!unread.data) return null;
  return (
    <Link to={UNREAD_PATH} className={className}>
      {unread.data === 1 ? '1 unread notification' : `${unread.data} unread notifications`}
    </Link>
  );
}

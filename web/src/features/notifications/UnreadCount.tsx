// The unread count for other screens (the desk): the number alone, or a link saying it.
import { Link } from 'react-router';
import { UNREAD_COUNT_CAP } from '@cvdp/core';
import { useUnreadCount } from './api/index.ts';

const UNREAD_PATH = '/cvdp/notifications?unread=1';

/** The API stops counting at the cap (`unread_capped`): "1,000+" from there. */
const shown = (n: number) =>
  n >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP.toLocaleString('en')}+` : String(n);

export function UnreadCount() {
  const unread = useUnreadCount();
  return <>{unread.data === undefined ? '…' : shown(unread.data)}</>;
}

/** "3 unread notifications", linking to them; nothing when none are unread. */
export function UnreadLink({ className }: { className?: string }) {
  const unread = useUnreadCount();
  if (!unread.data) return null;
  return (
    <Link to={UNREAD_PATH} className={className}>
      {unread.data === 1 ? '1 unread notification' : `${shown(unread.data)} unread notifications`}
    </Link>
  );
}

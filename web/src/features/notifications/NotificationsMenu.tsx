// The layout's bell: the unread count and the Action-needed count (asked again every minute and on focus);
// when opened, the requests waiting for the caller on top (they stay until done), then the newest
// notifications — a thread's posts gathered in one entry — each leading to its case or thread and marked
// read on the way, "Mark all read" and the full page.
// Loaded only once someone is signed in (see notifications-menu-lazy.tsx).
import { useState } from 'react';
import { NavDropdown } from 'react-bootstrap';
import { Link } from 'react-router';
import { ContrastBadge } from '../../components/ContrastBadge.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useActions, useLatestNotifications, useMarkRead, useUnreadCount } from './api/index.ts';
import { notificationTarget } from './link.ts';

export const NOTIFICATIONS_PATH = '/cvdp/notifications';

function BellIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 16 16" fill="currentColor">
      <path d="M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2M8 1.918l-.797.161A4 4 0 0 0 4 6c0 .628-.134 2.197-.459 3.742-.16.767-.376 1.566-.663 2.258h10.244c-.287-.692-.502-1.49-.663-2.258C12.134 8.197 12 6.628 12 6a4 4 0 0 0-3.203-3.92zM14.22 12c.223.447.481.801.78 1H1c.299-.199.557-.553.78-1C2.68 10.2 3 6.88 3 6c0-2.42 1.72-4.44 4.005-4.901a1 1 0 1 1 1.99 0A5 5 0 0 1 13 6c0 .88.32 4.2 1.22 6" />
    </svg>
  );
}

export function NotificationsMenu() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  const actions = useActions();
  const actionCount = actions.data?.count ?? 0;
  const latest = useLatestNotifications(open);
  const markRead = useMarkRead();

  const title = (
    <span className="d-inline-flex align-items-center gap-1">
      <BellIcon />
      <span className="visually-hidden">
        {[
          'Notifications',
          ...(count > 0 ? [`${count} unread`] : []),
          ...(actionCount > 0 ? [`${actionCount} action needed`] : []),
        ].join(', ')}
      </span>
      {actionCount > 0 && (
        <span aria-hidden="true">
          <ContrastBadge bg="warning">{actionCount > 99 ? '99+' : actionCount}</ContrastBadge>
        </span>
      )}
      {count > 0 && (
        <span aria-hidden="true">
          <ContrastBadge bg="danger">{count > 99 ? '99+' : count}</ContrastBadge>
        </span>
      )}
    </span>
  );

  return (
    <NavDropdown
      title={title}
      id="notifications-menu"
      align="end"
      show={open}
      onToggle={(next) => setOpen(next)}
      className="notifications-menu"
    >
      {actionCount > 0 && (
        <>
          <NavDropdown.Header as="h2" className="h6 mb-0 text-body">
            Action needed ({actionCount})
          </NavDropdown.Header>
          {actions.data?.results.map((a) => (
            <NavDropdown.Item key={`action-${a.id}`} as={Link} to={a.link} className="text-wrap">
              <div className="fw-semibold">{a.title}</div>
              <div className="small text-body-secondary">
                {a.case != null && `Case #${a.case} · `}
                {formatDateTime(a.created)}
              </div>
            </NavDropdown.Item>
          ))}
          <NavDropdown.Divider />
        </>
      )}
      <div className="d-flex justify-content-between align-items-center gap-3 px-3 py-1">
        <span className="fw-semibold">Notifications</span>
        <button
          type="button"
          className="btn btn-link btn-sm p-0"
          disabled={count === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          Mark all read
        </button>
      </div>
      {markRead.error && (
        <NavDropdown.ItemText className="text-danger small">
          {errorMessage(markRead.error)}
        </NavDropdown.ItemText>
      )}
      {latest.isPending && <NavDropdown.ItemText className="small">Loading…</NavDropdown.ItemText>}
      {latest.error && (
        <NavDropdown.ItemText className="text-danger small">
          {errorMessage(latest.error)}
        </NavDropdown.ItemText>
      )}
      {latest.data?.results.length === 0 && (
        <NavDropdown.ItemText className="small text-body-secondary">No notifications.</NavDropdown.ItemText>
      )}
      {latest.data?.results.map((n) => (
        <NavDropdown.Item
          key={n.id}
          as={Link}
          to={notificationTarget(n)}
          className="text-wrap"
          onClick={() => {
            if (!n.read) markRead.mutate({ ids: [n.id] });
          }}
        >
          <div className={n.read ? '' : 'fw-semibold'}>
            {!n.read && <span className="visually-hidden">Unread: </span>}
            {n.title}
          </div>
          <div className="small text-body-secondary">
            {n.case != null && `Case #${n.case} · `}
            {formatDateTime(n.created)}
          </div>
        </NavDropdown.Item>
      ))}
      <NavDropdown.Divider />
      <NavDropdown.Item as={Link} to={NOTIFICATIONS_PATH}>
        All notifications
      </NavDropdown.Item>
    </NavDropdown>
  );
}

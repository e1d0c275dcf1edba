// /cvdp/notifications: every notification of the user, newest first; unread ones marked. "Unread only" and
// the page live in the URL (?unread=1&page=2).
import { Button, Form, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { ContrastBadge } from '../../components/ContrastBadge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { Pager } from '../../components/Pager.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { NOTIFICATIONS_PAGE_SIZE, useMarkRead, useNotificationsPage } from './api/index.ts';
import { notificationTarget } from './link.ts';
import { assign, useLatestSearchParams } from '../../lib/search-params.ts';

export function NotificationsPage() {
  usePageTitle('Notifications');
  const [params, update] = useLatestSearchParams();
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const unreadOnly = params.get('unread') === '1';
  const list = useNotificationsPage(page, unreadOnly);
  const markRead = useMarkRead();
  const unreadCount = list.data?.unread_count ?? 0;

  function set(changes: Record<string, string | null>) {
    update(assign(changes));
  }

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">Notifications</h1>
        <Button
          variant="outline-primary"
          size="sm"
          disabled={unreadCount === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          Mark all read
        </Button>
      </div>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
        <Form.Check
          id="notifications-unread-only"
          type="switch"
          label="Unread only"
          checked={unreadOnly}
          onChange={(e) => set({ unread: e.target.checked ? '1' : null, page: null })}
        />
        {list.data && (
          <span className="text-body-secondary small" aria-live="polite">
            {unreadCount.toLocaleString('en')}
            {list.data?.unread_capped ? '+' : ''} unread
          </span>
        )}
      </div>
      <ErrorAlert error={list.error ?? markRead.error} prefix="An error occurred: " />
      {list.isPending ? (
        <PageSpinner />
      ) : (
        <Table hover size="sm" className="align-middle">
          <caption className="visually-hidden">Notifications</caption>
          <thead>
            <tr>
              <th scope="col">Notification</th>
              <th scope="col" className="d-none d-md-table-cell">
                Received
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data?.results.length === 0 && <NoDataRow colSpan={3} />}
            {list.data?.results.map((n) => (
              <tr key={n.id} className={n.read ? '' : 'table-active'}>
                <td className="text-break">
                  {!n.read && (
                    <span className="me-2">
                      <ContrastBadge bg="primary">New</ContrastBadge>
                    </span>
                  )}
                  {/* Named with its case too: two cases' threads can share a title, and two links of one
                      name must lead to one place. */}
                  <Link
                    to={notificationTarget(n)}
                    aria-label={n.case != null ? `${n.title}, case #${n.case}` : undefined}
                    className={n.read ? '' : 'fw-semibold'}
                    onClick={() => {
                      if (!n.read) markRead.mutate({ ids: [n.id] });
                    }}
                  >
                    {n.title}
                  </Link>
                  {n.body && <div className="small">{n.body}</div>}
                  <div className="small text-body-secondary">
                    {n.case != null && `Case #${n.case}${n.case_title ? `: ${n.case_title}` : ''}`}
                    <span className="d-md-none"> · {formatDateTime(n.created)}</span>
                  </div>
                </td>
                <td className="d-none d-md-table-cell text-nowrap">{formatDateTime(n.created)}</td>
                <td className="text-end">
                  {!n.read && (
                    <Button
                      variant="link"
                      size="sm"
                      className="p-0 text-nowrap"
                      disabled={markRead.isPending}
                      aria-label={`Mark read: notification ${n.id}, ${n.title}`}
                      onClick={() => markRead.mutate({ ids: [n.id] })}
                    >
                      Mark read
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {list.data && (
        <Pager
          page={page}
          pageSize={NOTIFICATIONS_PAGE_SIZE}
          count={list.data.count}
          capped={list.data.count_capped}
          onPage={(p) => set({ page: p > 1 ? String(p) : null })}
        />
      )}
    </>
  );
}

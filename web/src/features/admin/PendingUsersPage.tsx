// Administrators approve (or turn down) new registrations.
import { useState } from 'react';
import { usePageTitle } from '../../lib/page-title.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { DecisionButtons } from '../../components/DecisionButtons.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { PENDING_USERS_PAGE_SIZE, useApproveUser, usePendingUsers, useRejectUser } from './api/index.ts';
import { GroupRequestsTable } from './GroupRequestsTable.tsx';

export function PendingUsersPage() {
  const [page, setPage] = useState(1);
  usePageTitle('Pending users');
  const list = usePendingUsers(page);
  const approve = useApproveUser();
  const reject = useRejectUser();

  return (
    <>
      <h1 className="h3 mb-3">Pending users</h1>
      <ErrorAlert error={list.error ?? approve.error ?? reject.error} />
      {list.isPending ? (
        <PageSpinner />
      ) : (
        <DataTable
          layout="stack"
          striped
          hover
          rows={list.data?.results}
          rowKey={(u) => u.id}
          paging={
            list.data && { page, pageSize: PENDING_USERS_PAGE_SIZE, count: list.data.count, onPage: setPage }
          }
          columns={[
            { key: 'name', header: 'Name', cell: (u) => u.name },
            { key: 'email', header: 'Email', cell: (u) => u.email },
            { key: 'registered', header: 'Registered', cell: (u) => u.date_joined.slice(0, 10) },
            {
              key: 'decision',
              header: 'Decision',
              className: 'text-end',
              stackLabel: false,
              cell: (u) => (
                <DecisionButtons
                  busy={approve.isPending || reject.isPending}
                  onApprove={() => approve.mutate(u.id)}
                  onReject={() => reject.mutate(u.id)}
                />
              ),
            },
          ]}
        />
      )}
      <GroupRequestsTable />
    </>
  );
}

// Administrators approve (or turn down) new registrations.
import { useState } from 'react';
import { Table } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { DecisionButtons } from '../../components/DecisionButtons.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { Pager } from '../../components/Pager.tsx';
import { approveUser, fetchPendingUsers, rejectUser } from './api.ts';
import { GroupRequestsTable } from './GroupRequestsTable.tsx';

export function PendingUsersPage() {
  const [page, setPage] = useState(1);
  usePageTitle('Pending users');
  const client = useQueryClient();
  const list = useQuery({
    queryKey: queryKeys.admin.pendingUsers.page(page),
    queryFn: () => fetchPendingUsers(page),
  });
  const done = () => void client.invalidateQueries({ queryKey: queryKeys.admin.pendingUsers.all() });
  const approve = useMutation({ mutationFn: approveUser, onSuccess: done });
  const reject = useMutation({ mutationFn: rejectUser, onSuccess: done });

  return (
    <>
      <h1 className="h3 mb-3">Pending users</h1>
      <ErrorAlert error={list.error ?? approve.error ?? reject.error} />
      {list.isPending ? (
        <PageSpinner />
      ) : (
        <Table striped hover responsive className="table-stack">
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Registered</th>
              <th className="text-end">Decision</th>
            </tr>
          </thead>
          <tbody>
            {list.data?.results.length === 0 && <NoDataRow colSpan={4} />}
            {list.data?.results.map((u) => (
              <tr key={u.id}>
                <td data-label="Name">{u.name}</td>
                <td data-label="Email">{u.email}</td>
                <td data-label="Registered">{u.date_joined.slice(0, 10)}</td>
                <td className="text-end">
                  <DecisionButtons
                    busy={approve.isPending || reject.isPending}
                    onApprove={() => approve.mutate(u.id)}
                    onReject={() => reject.mutate(u.id)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {list.data && <Pager page={page} pageSize={50} count={list.data.count} onPage={setPage} />}
      <GroupRequestsTable />
    </>
  );
}

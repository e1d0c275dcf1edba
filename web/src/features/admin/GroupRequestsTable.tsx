// Requests to join a group, decided by an administrator.
import { DataTable } from '../../components/DataTable.tsx';
import { DecisionButtons } from '../../components/DecisionButtons.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useDecideGroupRequest, useGroupRequests } from './api/index.ts';

export function GroupRequestsTable() {
  const list = useGroupRequests();
  const decide = useDecideGroupRequest();
  return (
    <>
      <h2 className="h5 mt-4">Requests to join a group</h2>
      <ErrorAlert error={list.error ?? decide.error} />
      <DataTable
        layout="stack"
        striped
        rows={list.data?.results}
        rowKey={(r) => r.id}
        columns={[
          {
            key: 'user',
            header: 'User',
            cell: (r) => (
              <span>
                {r.user.name} <span className="text-body-secondary">({r.user.email})</span>
              </span>
            ),
          },
          { key: 'group', header: 'Group', cell: (r) => r.group.name },
          { key: 'message', header: 'Message', cell: (r) => r.message },
          { key: 'asked', header: 'Asked', cell: (r) => r.created.slice(0, 10) },
          {
            key: 'decision',
            header: 'Decision',
            className: 'text-end',
            stackLabel: false,
            cell: (r) => (
              <DecisionButtons
                busy={decide.isPending}
                onApprove={() => decide.mutate({ id: r.id, status: 'approved' })}
                onReject={() => decide.mutate({ id: r.id, status: 'rejected' })}
              />
            ),
          },
        ]}
      />
    </>
  );
}

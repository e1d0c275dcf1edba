// Requests to join a group, decided by an administrator.
import { Table } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import { DecisionButtons } from '../../components/DecisionButtons.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { decideGroupRequest, fetchGroupRequests } from './api.ts';

export function GroupRequestsTable() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.admin.groupRequests(), queryFn: fetchGroupRequests });
  const decide = useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'approved' | 'rejected' }) =>
      decideGroupRequest(id, status),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.admin.groupRequests() }),
  });
  return (
    <>
      <h2 className="h5 mt-4">Requests to join a group</h2>
      <ErrorAlert error={list.error ?? decide.error} />
      <Table striped responsive className="table-stack">
        <thead>
          <tr>
            <th>User</th>
            <th>Group</th>
            <th>Message</th>
            <th>Asked</th>
            <th className="text-end">Decision</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.results.length === 0 && <NoDataRow colSpan={5} />}
          {list.data?.results.map((r) => (
            <tr key={r.id}>
              <td data-label="User">
                <span>
                  {r.user.name} <span className="text-body-secondary">({r.user.email})</span>
                </span>
              </td>
              <td data-label="Group">{r.group.name}</td>
              <td data-label="Message">{r.message}</td>
              <td data-label="Asked">{r.created.slice(0, 10)}</td>
              <td className="text-end">
                <DecisionButtons
                  busy={decide.isPending}
                  onApprove={() => decide.mutate({ id: r.id, status: 'approved' })}
                  onReject={() => decide.mutate({ id: r.id, status: 'rejected' })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

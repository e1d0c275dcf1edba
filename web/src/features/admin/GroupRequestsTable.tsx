// Requests to join a group, decided by an administrator.
import { Table } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageOf } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';
import { DecisionButtons } from '../../components/DecisionButtons.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';

interface GroupRequest {
  id: number;
  group: { id: number; name: string };
  user: { id: number; email: string; name: string };
  message: string;
  created: string;
}

export function GroupRequestsTable() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: ['group-requests'],
    queryFn: () => coordinationApi.get<PageOf<GroupRequest>>('manage/groups/requests/').then((r) => r.data),
  });
  const decide = useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'approved' | 'rejected' }) =>
      coordinationApi.patch(`manage/groups/requests/${id}/`, { status }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['group-requests'] }),
  });
  return (
    <>
      <h2 className="h5 mt-4">Requests to join a group</h2>
      <ErrorAlert error={list.error ?? decide.error} />
      <Table striped responsive>
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
              <td>
                {r.user.name} <span className="text-muted">({r.user.email})</span>
              </td>
              <td>{r.group.name}</td>
              <td>{r.message}</td>
              <td>{r.created.slice(0, 10)}</td>
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

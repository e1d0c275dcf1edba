// Administrators search users and edit their roles, groups and whether they may sign in.
import { useState } from 'react';
import { Button, Form, InputGroup, Table } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@cvdp/core';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { ContrastBadge } from '../../components/ContrastBadge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { Pager } from '../../components/Pager.tsx';
import { createGroup, fetchGroups, fetchUsers, updateUser } from './api.ts';
import { EditUserModal } from './EditUserModal.tsx';

export function UsersPage() {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  usePageTitle('Users');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [groupName, setGroupName] = useState('');
  const list = useQuery({
    queryKey: queryKeys.admin.users.list(page, search),
    queryFn: () => fetchUsers(page, search),
  });
  const groups = useQuery({ queryKey: queryKeys.admin.groups(), queryFn: fetchGroups });
  const addGroup = useMutation({
    mutationFn: () => createGroup(groupName.trim(), 'vendor'),
    onSuccess: () => {
      setGroupName('');
      void client.invalidateQueries({ queryKey: queryKeys.admin.groups() });
    },
  });

  return (
    <>
      <h1 className="h3 mb-3">Users</h1>
      <ErrorAlert error={list.error ?? groups.error ?? addGroup.error} />
      <Form className="mb-3" onSubmit={(e) => e.preventDefault()}>
        <Form.Control
          type="search"
          placeholder="Search by name or email"
          aria-label="Search users"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </Form>
      {list.isPending ? (
        <PageSpinner />
      ) : (
        <Table striped hover responsive className="table-stack">
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Roles</th>
              <th>Groups</th>
              <th>Status</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data?.results.length === 0 && <NoDataRow colSpan={6} />}
            {list.data?.results.map((u) => (
              <tr key={u.id}>
                <td data-label="Name">{u.name}</td>
                <td data-label="Email">{u.email}</td>
                <td data-label="Roles">{u.roles.join(', ')}</td>
                <td data-label="Groups">{u.groups.map((g) => g.name).join(', ')}</td>
                <td data-label="Status">
                  {u.pending ? (
                    <ContrastBadge bg="warning">Pending</ContrastBadge>
                  ) : u.is_active ? (
                    <ContrastBadge bg="success">Active</ContrastBadge>
                  ) : (
                    <ContrastBadge bg="secondary">Inactive</ContrastBadge>
                  )}
                </td>
                <td className="text-end">
                  <Button
                    size="sm"
                    variant="outline-primary"
                    onClick={() => setEditing(u)}
                    aria-label={`Edit ${u.name}`}
                  >
                    Edit
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {list.data && <Pager page={page} pageSize={50} count={list.data.count} onPage={setPage} />}
      <h2 className="h5 mt-4">Groups</h2>
      <p className="text-muted small">{groups.data?.map((g) => g.name).join(', ') || 'No groups yet.'}</p>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          if (groupName.trim()) addGroup.mutate();
        }}
      >
        <InputGroup style={{ maxWidth: 420 }}>
          <Form.Control
            aria-label="New group name"
            placeholder="New group name"
            value={groupName}
            onChange={(e) => setGroupName(e.target.value)}
          />
          <Button type="submit" disabled={!groupName.trim()}>
            Add group
          </Button>
        </InputGroup>
      </Form>
      {editing && (
        <EditUserModal
          user={editing}
          groups={groups.data ?? []}
          onCancel={() => setEditing(null)}
          onSave={async (change) => {
            await updateUser(editing.id, change);
            setEditing(null);
            await client.invalidateQueries({ queryKey: queryKeys.admin.users.all() });
          }}
        />
      )}
    </>
  );
}

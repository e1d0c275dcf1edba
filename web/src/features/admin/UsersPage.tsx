// Administrators search users and edit their roles, groups and whether they may sign in.
import { useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { groupCreateSchema, type AdminUser } from '@cvdp/core';
import { usePageTitle } from '../../lib/page-title.ts';
import { ContrastBadge } from '../../components/ContrastBadge.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { FieldError, SubmitButton, ZodForm, useZodForm } from '../../components/form/index.ts';
import { useField } from '../../components/form/field-state.ts';
import { USERS_PAGE_SIZE, useCreateGroup, useGroups, useUsers } from './api/index.ts';
import { EditUserModal } from './EditUserModal.tsx';
import { ReportLimitsCard } from './ReportLimitsCard.tsx';
import { SecondFactorPolicyCard } from './SecondFactorPolicyCard.tsx';

export function UsersPage() {
  const [page, setPage] = useState(1);
  usePageTitle('Users');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const list = useUsers(page, search);
  const groups = useGroups();

  return (
    <>
      <h1 className="h3 mb-3">Users</h1>
      <ErrorAlert error={list.error ?? groups.error} />
      {/* The list follows the box as it is typed in: nothing to submit. */}
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
        <DataTable
          layout="stack"
          striped
          hover
          rows={list.data?.results}
          rowKey={(u) => u.id}
          paging={list.data && { page, pageSize: USERS_PAGE_SIZE, count: list.data.count, onPage: setPage }}
          columns={[
            { key: 'name', header: 'Name', cell: (u) => u.name },
            { key: 'email', header: 'Email', cell: (u) => u.email },
            { key: 'roles', header: 'Roles', cell: (u) => u.roles.join(', ') },
            { key: 'groups', header: 'Groups', cell: (u) => u.groups.map((g) => g.name).join(', ') },
            {
              key: 'status',
              header: 'Status',
              cell: (u) =>
                u.pending ? (
                  <ContrastBadge bg="warning">Pending</ContrastBadge>
                ) : u.is_active ? (
                  <ContrastBadge bg="success">Active</ContrastBadge>
                ) : (
                  <ContrastBadge bg="secondary">Inactive</ContrastBadge>
                ),
            },
            {
              key: 'actions',
              header: 'Actions',
              hideHeader: true,
              cellClassName: 'text-end',
              cell: (u) => (
                <Button
                  size="sm"
                  variant="outline-primary"
                  onClick={() => setEditing(u)}
                  aria-label={`Edit ${u.name}`}
                >
                  Edit
                </Button>
              ),
            },
          ]}
        />
      )}
      <h2 className="h5 mt-4">Groups</h2>
      <p className="text-muted small">{groups.data?.map((g) => g.name).join(', ') || 'No groups yet.'}</p>
      <AddGroupForm />
      <h2 className="h5 mt-4">Security</h2>
      <SecondFactorPolicyCard />
      <ReportLimitsCard />
      {editing && (
        <EditUserModal user={editing} groups={groups.data ?? []} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

/** The new group's name and the Add button in one group (the button waits for a name). */
function GroupNameInput({ pending }: { pending: boolean }) {
  const { form, register, error } = useField('name');
  const name = (form.watch('name') as string | undefined) ?? '';
  return (
    <>
      <InputGroup style={{ maxWidth: 420 }} hasValidation>
        <Form.Control
          {...register}
          aria-label="New group name"
          placeholder="New group name"
          isInvalid={Boolean(error)}
          aria-describedby={error ? 'new-group-name-error' : undefined}
        />
        <SubmitButton pending={pending} disabled={!name.trim()}>
          Add group
        </SubmitButton>
      </InputGroup>
      <FieldError id="new-group-name-error" message={error} />
    </>
  );
}

function AddGroupForm() {
  const form = useZodForm(groupCreateSchema, { defaultValues: { name: '', kind: 'vendor' } });
  const addGroup = useCreateGroup();
  return (
    <ZodForm
      form={form}
      error={addGroup.error}
      onSubmit={(body) => addGroup.mutate(body, { onSuccess: () => form.reset() })}
    >
      <GroupNameInput pending={addGroup.isPending} />
    </ZodForm>
  );
}

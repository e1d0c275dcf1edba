// An administrator sets a user's roles, groups and whether they may sign in.
import { ROLE_NAMES, userUpdateSchema, type AdminUser, type GroupSummary, type RoleName } from '@cvdp/core';
import { FormModal } from '../../components/FormModal.tsx';
import { CheckField, CheckList, mappedSchema, useZodForm } from '../../components/form/index.ts';
import { useUpdateUser } from './api/index.ts';

interface Values {
  roles: RoleName[];
  groups: number[];
  is_active: boolean;
}

const userForm = mappedSchema((v: Values) => v, userUpdateSchema);

export function EditUserModal(props: { user: AdminUser; groups: GroupSummary[]; onClose(): void }) {
  const { user } = props;
  const form = useZodForm(userForm, {
    defaultValues: { roles: user.roles, groups: user.groups.map((g) => g.id), is_active: user.is_active },
  });
  const update = useUpdateUser();
  return (
    <FormModal
      form={form}
      title={user.name}
      submitLabel="Save"
      pending={update.isPending}
      error={update.error}
      onClose={props.onClose}
      onSubmit={(change) => update.mutate({ id: user.id, change }, { onSuccess: props.onClose })}
    >
      <CheckList
        name="roles"
        legend="Roles"
        options={ROLE_NAMES.map((r) => ({ value: r, id: `role-${r}`, label: r }))}
      />
      <CheckList
        name="groups"
        legend="Groups"
        empty="No groups yet."
        options={props.groups.map((g) => ({
          value: g.id,
          id: `group-${g.id}`,
          label: `${g.name} (${g.kind})`,
        }))}
      />
      <CheckField id="user-active" name="is_active" label="Active" type="switch" className="mb-0" />
    </FormModal>
  );
}

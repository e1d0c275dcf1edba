import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { ROLE_NAMES, type AdminUser, type GroupSummary, type RoleName } from '@cvdp/core';
import { errorMessage } from '../../lib/api-client.ts';

export function EditUserModal(props: {
  user: AdminUser;
  groups: GroupSummary[];
  onCancel(): void;
  onSave(change: { roles: RoleName[]; groups: number[]; is_active: boolean }): Promise<unknown>;
}) {
  const [roles, setRoles] = useState<RoleName[]>(props.user.roles);
  const [groupIds, setGroupIds] = useState<number[]>(props.user.groups.map((g) => g.id));
  const [active, setActive] = useState(props.user.is_active);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toggle = <T,>(list: T[], item: T) =>
    list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

  async function save() {
    setBusy(true);
    try {
      await props.onSave({ roles, groups: groupIds, is_active: active });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal show onHide={props.onCancel}>
      <Modal.Header closeButton>
        <Modal.Title>{props.user.name}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && <div className="alert alert-danger">{error}</div>}
        <fieldset className="mb-3">
          <legend className="h6">Roles</legend>
          {ROLE_NAMES.map((r) => (
            <Form.Check
              key={r}
              id={`role-${r}`}
              label={r}
              checked={roles.includes(r)}
              onChange={() => setRoles(toggle(roles, r))}
            />
          ))}
        </fieldset>
        <fieldset className="mb-3">
          <legend className="h6">Groups</legend>
          {props.groups.length === 0 && <p className="text-muted small">No groups yet.</p>}
          {props.groups.map((g) => (
            <Form.Check
              key={g.id}
              id={`group-${g.id}`}
              label={`${g.name} (${g.kind})`}
              checked={groupIds.includes(g.id)}
              onChange={() => setGroupIds(toggle(groupIds, g.id))}
            />
          ))}
        </fieldset>
        <Form.Check
          type="switch"
          id="user-active"
          label="Active"
          checked={active}
          onChange={() => setActive(!active)}
        />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={busy}>
          Save
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

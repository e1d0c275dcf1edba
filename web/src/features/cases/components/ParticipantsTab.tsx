// The case's participants: who takes part with which role, when they were added, notified, and last saw the
// case; for staff, adding by typeahead over contacts, changing roles, removing and sending the case notice.
import { useDeferredValue, useMemo, useState } from 'react';
import { Button, Form, Modal, Table } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CASE_ROLES, type CasePermissions, type CaseRole, type Contact, type Participant } from '@cvdp/core';
import { formatDate } from '../../../lib/format.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../../components/NoDataRow.tsx';
import {
  addParticipants,
  changeParticipantRole,
  fetchParticipants,
  fetchParticipantsSummary,
  notifyAllVendors,
  notifyParticipants,
  removeParticipant,
} from '../api.ts';
import { ContactTypeahead, contactName } from './ContactTypeahead.tsx';

const when = (iso: string | null) => (iso ? formatDate(iso) : '—');

function Summary({ caseId }: { caseId: number }) {
  const summary = useQuery({
    queryKey: queryKeys.cases.participantsSummary(caseId),
    queryFn: () => fetchParticipantsSummary(caseId),
  });
  if (!summary.data) return <ErrorAlert error={summary.error} />;
  const s = summary.data;
  const roles = CASE_ROLES.filter((r) => (s.by_role[r] ?? 0) > 0);
  return (
    <p className="text-body-secondary" aria-label="Participants summary">
      {s.total} participant{s.total === 1 ? '' : 's'}
      {roles.length > 0 && `: ${roles.map((r) => `${s.by_role[r]} ${r}`).join(', ')}`} · notified {s.notified}{' '}
      · seen {s.seen}
    </p>
  );
}

function AddParticipants({ caseId, onAdded }: { caseId: number; onAdded(): Promise<unknown> }) {
  const [picked, setPicked] = useState<Contact[]>([]);
  const [role, setRole] = useState<CaseRole>('vendor');
  const [message, setMessage] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => addParticipants(caseId, picked.map(contactName), role),
    onSuccess: async (result) => {
      setPicked([]);
      const skipped = result.skipped ?? [];
      setMessage(
        `Added ${result.added.length}.` +
          (skipped.length ? ` Already taking part: ${skipped.join(', ')}.` : ''),
      );
      await onAdded();
    },
  });
  return (
    <Form
      className="mb-3"
      aria-label="Add participants"
      onSubmit={(e) => {
        e.preventDefault();
        setMessage(null);
        if (picked.length) add.mutate();
      }}
    >
      <div className="row g-2 align-items-end">
        <div className="col-12 col-md-7">
          <Form.Label htmlFor="participants-add">Add people or groups</Form.Label>
          <ContactTypeahead id="participants-add" multiple selected={picked} onChange={setPicked} />
        </div>
        <div className="col-8 col-md-3">
          <Form.Label htmlFor="participants-add-role">Role</Form.Label>
          <Form.Select
            id="participants-add-role"
            value={role}
            onChange={(e) => setRole(e.target.value as CaseRole)}
          >
            {CASE_ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Form.Select>
        </div>
        <div className="col-4 col-md-2">
          <Button type="submit" className="w-100" disabled={!picked.length || add.isPending}>
            Add
          </Button>
        </div>
      </div>
      <ErrorAlert error={add.error} />
      {message && (
        <p className="text-success-emphasis small mt-1 mb-0" role="status">
          {message}
        </p>
      )}
    </Form>
  );
}

function ConfirmRemove(props: {
  participant: Participant;
  onCancel(): void;
  onConfirm(): void;
  busy: boolean;
}) {
  return (
    <Modal show onHide={props.onCancel} aria-labelledby="remove-participant-title">
      <Modal.Header closeButton>
        <Modal.Title id="remove-participant-title">Remove participant</Modal.Title>
      </Modal.Header>
      <Modal.Body>Remove {props.participant.name} from this case? They lose access to it at once.</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={props.onConfirm} disabled={props.busy}>
          Remove
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

export function ParticipantsTab({
  caseId,
  permissions,
}: {
  caseId: number;
  permissions: CasePermissions | null;
}) {
  const client = useQueryClient();
  const manage = permissions?.manage_participants ?? false;
  const canNotify = permissions?.notify ?? false;
  const list = useQuery({
    queryKey: queryKeys.cases.participants(caseId),
    queryFn: () => fetchParticipants(caseId),
  });
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [removing, setRemoving] = useState<Participant | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.cases.participantsAll(caseId) }),
      client.invalidateQueries({ queryKey: queryKeys.cases.activityAll(caseId) }),
      client.invalidateQueries({ queryKey: queryKeys.cases.detail(caseId) }),
    ]);

  const roleChange = useMutation({
    mutationFn: (v: { id: number; role: CaseRole }) => changeParticipantRole(v.id, v.role),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => removeParticipant(id),
    onSuccess: async (_r, id) => {
      setRemoving(null);
      setSelected((s) => new Set([...s].filter((x) => x !== id)));
      await refresh();
    },
  });
  const notify = useMutation({
    mutationFn: (ids: number[] | 'all') =>
      ids === 'all' ? notifyAllVendors(caseId) : notifyParticipants(caseId, ids),
    onSuccess: async (r) => {
      setNotice(`Case notice sent to ${r.recipients} user${r.recipients === 1 ? '' : 's'}.`);
      setSelected(new Set());
      await refresh();
    },
  });

  const rows = useMemo(() => {
    const all = list.data?.results ?? [];
    const words = deferredFilter.trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (!words.length) return all;
    return all.filter((p) => {
      const hay = `${p.name} ${p.email ?? ''} ${p.group_kind ?? ''} ${p.role} ${p.kind}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    });
  }, [list.data, deferredFilter]);

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allShownSelected = rows.length > 0 && rows.every((p) => selected.has(p.id));
  const error = roleChange.error ?? remove.error ?? notify.error;
  const columns = 7 + (canNotify ? 1 : 0) + (manage || canNotify ? 1 : 0);

  return (
    <section aria-labelledby="participants-title">
      <h2 id="participants-title" className="h5">
        Participants
      </h2>
      <Summary caseId={caseId} />
      {manage && <AddParticipants caseId={caseId} onAdded={refresh} />}
      <ErrorAlert error={list.error} prefix="An error occurred: " />
      <ErrorAlert error={error} />
      {notice && (
        <p className="text-success-emphasis small" role="status">
          {notice}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <Form.Control
          type="search"
          size="sm"
          style={{ maxWidth: '20rem' }}
          aria-label="Filter participants"
          placeholder="Filter participants..."
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        {canNotify && (
          <>
            <Button
              size="sm"
              variant="outline-primary"
              disabled={selected.size === 0 || notify.isPending}
              onClick={() => notify.mutate([...selected])}
            >
              Notify selected ({selected.size})
            </Button>
            <Button
              size="sm"
              variant="outline-primary"
              disabled={notify.isPending}
              onClick={() => notify.mutate('all')}
            >
              Notify all vendors
            </Button>
          </>
        )}
      </div>
      <Table size="sm" responsive className="align-middle">
        <thead>
          <tr>
            {canNotify && (
              <th>
                <Form.Check
                  aria-label="Select all shown participants"
                  checked={allShownSelected}
                  onChange={() => setSelected(allShownSelected ? new Set() : new Set(rows.map((p) => p.id)))}
                />
              </th>
            )}
            <th>Name</th>
            <th>Kind</th>
            <th>Role</th>
            <th>Added</th>
            <th>Notified</th>
            <th>Seen</th>
            {(manage || canNotify) && <th>Actions</th>}
          </tr>
        </thead>
        <tbody>
          {list.data && rows.length === 0 && <NoDataRow colSpan={columns} />}
          {rows.map((p) => (
            <tr key={p.id}>
              {canNotify && (
                <td>
                  <Form.Check
                    aria-label={`Select ${p.name}`}
                    checked={selected.has(p.id)}
                    onChange={() => toggle(p.id)}
                  />
                </td>
              )}
              <td className="text-break">
                {p.name}
                {p.email && <div className="small text-body-secondary">{p.email}</div>}
              </td>
              <td>{p.kind === 'group' ? `group${p.group_kind ? ` (${p.group_kind})` : ''}` : 'user'}</td>
              <td>
                {manage ? (
                  <Form.Select
                    size="sm"
                    aria-label={`Role of ${p.name}`}
                    value={p.role}
                    disabled={roleChange.isPending}
                    onChange={(e) => roleChange.mutate({ id: p.id, role: e.target.value as CaseRole })}
                  >
                    {CASE_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </Form.Select>
                ) : (
                  p.role
                )}
              </td>
              <td>{formatDate(p.added)}</td>
              <td>{when(p.notified)}</td>
              <td>{when(p.seen)}</td>
              {(manage || canNotify) && (
                <td className="text-nowrap">
                  {canNotify && (
                    <Button
                      size="sm"
                      variant="link"
                      className="p-0 me-2"
                      disabled={notify.isPending}
                      onClick={() => notify.mutate([p.id])}
                      aria-label={`Notify ${p.name}`}
                    >
                      Notify
                    </Button>
                  )}
                  {manage && (
                    <Button
                      size="sm"
                      variant="link"
                      className="p-0 link-danger"
                      onClick={() => setRemoving(p)}
                      aria-label={`Remove ${p.name}`}
                    >
                      Remove
                    </Button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </Table>
      {list.data && list.data.count > list.data.results.length && (
        <p className="small text-body-secondary">
          Showing the first {list.data.results.length} of {list.data.count} participants.
        </p>
      )}
      {removing && (
        <ConfirmRemove
          participant={removing}
          busy={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() => remove.mutate(removing.id)}
        />
      )}
    </section>
  );
}

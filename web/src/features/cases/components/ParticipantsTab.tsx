// The case's participants: who takes part with which role, when they were added, notified, and last saw the
// case; for staff, adding by typeahead over contacts, changing roles, removing and sending the case notice.
import { useDeferredValue, useMemo, useState } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import { z } from 'zod';
import {
  CASE_ROLES,
  participantAddSchema,
  type CasePermissions,
  type CaseRole,
  type Contact,
  type Participant,
} from '@cvdp/core';
import { formatDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../../components/NoDataRow.tsx';
import { SelectField, SubmitButton, ZodForm, useZodForm } from '../../../components/form/index.ts';
import {
  useAddParticipants,
  useChangeParticipantRole,
  useNotifyParticipants,
  useParticipants,
  useParticipantsSummary,
  useRemoveParticipant,
} from '../api/index.ts';
import { contactName } from './ContactTypeahead.tsx';
import { ContactField } from './ContactField.tsx';

const when = (iso: string | null) => (iso ? formatDate(iso) : '—');

function Summary({ caseId }: { caseId: number }) {
  const summary = useParticipantsSummary(caseId);
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

/** The picked contacts (sent as names: a user's email, a group's name) and participantAddSchema's role. */
const addSchema = z.object({
  picked: z.array(z.custom<Contact>()).min(1),
  role: participantAddSchema.shape.role,
});

function AddParticipants({ caseId }: { caseId: number }) {
  const form = useZodForm(addSchema, { defaultValues: { picked: [], role: 'vendor' } });
  const add = useAddParticipants(caseId);
  const picked = form.watch('picked').length > 0;
  return (
    <ZodForm
      form={form}
      className="mb-3"
      label="Add participants"
      onSubmit={(v) => {
        add.mutate(
          { names: v.picked.map(contactName), role: v.role },
          {
            onSuccess: (result) => {
              form.setValue('picked', []);
              const skipped = result.skipped ?? [];
              toast(
                `Added ${result.added.length}.` +
                  (skipped.length ? ` Already taking part: ${skipped.join(', ')}.` : ''),
              );
            },
          },
        );
      }}
    >
      <div className="row g-2 align-items-end">
        <div className="col-12 col-md-7">
          <ContactField id="participants-add" name="picked" label="Add people or groups" multiple />
        </div>
        <div className="col-8 col-md-3">
          <SelectField
            id="participants-add-role"
            name="role"
            label="Role"
            options={CASE_ROLES.map((r) => ({ value: r, label: r }))}
            className=""
          />
        </div>
        <div className="col-4 col-md-2">
          <SubmitButton className="w-100" pending={add.isPending} disabled={!picked}>
            Add
          </SubmitButton>
        </div>
      </div>
      <ErrorAlert error={add.error} />
    </ZodForm>
  );
}

export function ParticipantsTab({
  caseId,
  permissions,
}: {
  caseId: number;
  permissions: CasePermissions | null;
}) {
  const manage = permissions?.manage_participants ?? false;
  const canNotify = permissions?.notify ?? false;
  const list = useParticipants(caseId);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [removing, setRemoving] = useState<Participant | null>(null);

  const roleChange = useChangeParticipantRole(caseId);
  const remove = useRemoveParticipant(caseId);
  const notify = useNotifyParticipants(caseId);
  const sendNotice = (ids: number[] | 'all') =>
    notify.mutate(ids, {
      onSuccess: (r) => {
        toast(`Case notice sent to ${r.recipients} user${r.recipients === 1 ? '' : 's'}.`);
        setSelected(new Set());
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
  // A refused removal shows in its dialog, which stays open.
  const error = roleChange.error ?? notify.error;
  const columns = 7 + (canNotify ? 1 : 0) + (manage || canNotify ? 1 : 0);

  return (
    <section aria-labelledby="participants-title">
      <h2 id="participants-title" className="h5">
        Participants
      </h2>
      <Summary caseId={caseId} />
      {manage && <AddParticipants caseId={caseId} />}
      <ErrorAlert error={list.error} prefix="An error occurred: " />
      <ErrorAlert error={error} />
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
              onClick={() => sendNotice([...selected])}
            >
              Notify selected ({selected.size})
            </Button>
            <Button
              size="sm"
              variant="outline-primary"
              disabled={notify.isPending}
              onClick={() => sendNotice('all')}
            >
              Notify all vendors
            </Button>
          </>
        )}
      </div>
      {/* On a phone each participant becomes a block of "label value" lines (styles.css .table-stack):
          the name whole, the role select full width, the actions under them. */}
      <Table size="sm" responsive className="table-stack align-middle">
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
                <td data-label="Select">
                  <Form.Check
                    aria-label={`Select ${p.name}`}
                    checked={selected.has(p.id)}
                    onChange={() => toggle(p.id)}
                  />
                </td>
              )}
              <td data-label="Name" className="text-break">
                <div>
                  {p.name}
                  {p.email && <div className="small text-body-secondary">{p.email}</div>}
                </div>
              </td>
              <td data-label="Kind">
                {p.kind === 'group' ? `group${p.group_kind ? ` (${p.group_kind})` : ''}` : 'user'}
              </td>
              <td data-label="Role">
                {manage ? (
                  <Form.Select
                    size="sm"
                    aria-label={`Role of ${p.name}`}
                    value={p.role}
                    disabled={roleChange.isPending}
                    onChange={(e) =>
                      roleChange.mutate(
                        { id: p.id, role: e.target.value as CaseRole },
                        { onSuccess: (_r, v) => toast(`${p.name} is now ${v.role}.`) },
                      )
                    }
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
              <td data-label="Added">{formatDate(p.added)}</td>
              <td data-label="Notified">{when(p.notified)}</td>
              <td data-label="Seen">{when(p.seen)}</td>
              {(manage || canNotify) && (
                <td className="text-nowrap">
                  {canNotify && (
                    <Button
                      size="sm"
                      variant="link"
                      className="p-0 me-2"
                      disabled={notify.isPending}
                      onClick={() => sendNotice([p.id])}
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
        <ConfirmDialog
          title="Remove participant"
          confirmLabel="Remove"
          busy={remove.isPending}
          error={remove.error}
          onCancel={() => {
            remove.reset();
            setRemoving(null);
          }}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: (_r, id) => {
                toast(`${removing.name} removed from the case.`);
                setRemoving(null);
                setSelected((s) => new Set([...s].filter((x) => x !== id)));
              },
            })
          }
        >
          <p className="mb-0">Remove {removing.name} from this case? They lose access to it at once.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

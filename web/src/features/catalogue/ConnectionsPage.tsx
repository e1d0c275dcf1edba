// Administrators keep the connections to other CVDP instances (cases are transferred over them): a name, the
// other instance's base URL, whether it is enabled, when it last answered — and two tokens that are written,
// never read back: the one we present to them and the one they present to us. "Test connection" asks the
// other instance whether it accepts our token and shows what it said.
import { useState } from 'react';
import { Alert, Badge, Button, Form, Table } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  connectionCreateSchema,
  connectionUpdateSchema,
  type Connection,
  type ConnectionCreate,
} from '@cvdp/core/catalogue/index';
import { formatDateTime } from '../../lib/format.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { FieldError, RequiredMark, RegisteredTextField } from '../../components/form/index.ts';
import { ConfirmDeleteModal } from './components/ConfirmDeleteModal.tsx';
import { FormModal } from './components/FormModal.tsx';
import { RowActions } from './components/RowActions.tsx';
import {
  createConnection,
  deleteConnection,
  fetchConnections,
  testConnection,
  updateConnection,
  type ConnectionTestResult,
  type ConnectionUpdate,
} from './api.ts';
import { bodyResolver, fieldMessage, unexplained } from './form.ts';

export interface ConnectionValues {
  name: string;
  base_url: string;
  token: string;
  incoming_token: string;
  enabled: boolean;
}

/**
 * What is sent. A new connection sends both tokens; an edit sends a token only when one was typed (an empty
 * field keeps the stored token — it is never shown, so the field cannot hold it).
 */
export function connectionBody(v: ConnectionValues, editing: boolean): ConnectionCreate | ConnectionUpdate {
  const body: ConnectionUpdate = { name: v.name, base_url: v.base_url.trim(), enabled: v.enabled };
  if (!editing || v.token) body.token = v.token;
  if (!editing || v.incoming_token) body.incoming_token = v.incoming_token;
  return body;
}

/** The outcome of the last test, by connection. */
type TestOutcome = { ok: true; result: ConnectionTestResult } | { ok: false; error: unknown };

export function ConnectionsPage() {
  usePageTitle('Connections');
  const client = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.catalogue.connections(), queryFn: fetchConnections });
  const [editing, setEditing] = useState<Connection | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Connection | null>(null);
  const [tests, setTests] = useState<Record<number, TestOutcome>>({});
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.catalogue.connections() });
  // The switch moves at once; the list is read again after the call (a refusal puts it back and is shown).
  const toggle = useMutation({
    mutationFn: (c: Connection) => updateConnection(c.id, { enabled: !c.enabled }),
    onMutate: (c: Connection) =>
      client.setQueryData<Connection[]>(queryKeys.catalogue.connections(), (old) =>
        old?.map((x) => (x.id === c.id ? { ...x, enabled: !c.enabled } : x)),
      ),
    onSettled: refresh,
  });
  const test = useMutation({
    mutationFn: testConnection,
    onSuccess: (result, id) => {
      setTests((t) => ({ ...t, [id]: { ok: true, result } }));
      // A successful test moves the last contact.
      void refresh();
    },
    onError: (error, id) => setTests((t) => ({ ...t, [id]: { ok: false, error } })),
  });
  const rows = list.data ?? [];

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Connections</h1>
        <Button onClick={() => setEditing('new')}>Add connection</Button>
      </div>
      <p className="text-muted">Other CVDP instances cases can be transferred to.</p>
      <ErrorAlert error={list.error ?? toggle.error} />
      {list.isPending ? (
        <PageSpinner label="Loading connections…" />
      ) : (
        <div className="table-responsive position-relative">
          <Table size="sm" className="align-middle">
            <thead>
              <tr>
                {/* Wide enough that a name or an address does not break every few letters on a phone. */}
                <th scope="col" style={{ minWidth: '9rem' }}>
                  Name
                </th>
                <th scope="col" style={{ minWidth: '12rem' }}>
                  Base URL
                </th>
                <th scope="col">Enabled</th>
                <th scope="col">Last successful contact</th>
                <th scope="col">Tokens</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.isSuccess && rows.length === 0 ? <NoDataRow colSpan={6} /> : null}
              {rows.map((c) => (
                <ConnectionRow
                  key={c.id}
                  connection={c}
                  outcome={tests[c.id]}
                  testing={test.isPending && test.variables === c.id}
                  toggling={toggle.isPending && toggle.variables.id === c.id}
                  onToggle={() => toggle.mutate(c)}
                  onTest={() => test.mutate(c.id)}
                  onEdit={() => setEditing(c)}
                  onDelete={() => setDeleting(c)}
                />
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {editing !== null && (
        <ConnectionModal
          connection={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      {deleting && (
        <ConfirmDeleteModal
          what={`the connection “${deleting.name}”`}
          onConfirm={() => deleteConnection(deleting.id)}
          onDeleted={() => {
            setDeleting(null);
            void refresh();
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}

function ConnectionRow(props: {
  connection: Connection;
  outcome?: TestOutcome;
  testing: boolean;
  toggling: boolean;
  onToggle(): void;
  onTest(): void;
  onEdit(): void;
  onDelete(): void;
}) {
  const c = props.connection;
  const o = props.outcome;
  return (
    <>
      <tr>
        <td className="text-break">{c.name}</td>
        <td className="text-break">{c.base_url}</td>
        <td>
          <Form.Check
            type="switch"
            id={`connection-enabled-${c.id}`}
            aria-label={`Enabled: ${c.name}`}
            checked={c.enabled}
            disabled={props.toggling}
            onChange={props.onToggle}
          />
        </td>
        <td className="text-nowrap">{c.last_contact ? formatDateTime(c.last_contact) : 'Never'}</td>
        <td>
          <Badge bg="success" className="fw-normal">
            Tokens set
          </Badge>
        </td>
        <td>
          <RowActions name={c.name} onEdit={props.onEdit} onDelete={props.onDelete}>
            <Button
              size="sm"
              variant="outline-primary"
              className="text-nowrap"
              aria-label={`Test connection ${c.name}`}
              disabled={props.testing}
              onClick={props.onTest}
            >
              {props.testing ? 'Testing…' : 'Test connection'}
            </Button>
          </RowActions>
        </td>
      </tr>
      {o && (
        <tr>
          <td colSpan={6} className="border-0 pt-0">
            <Alert variant={o.ok && o.result.ok ? 'success' : 'danger'} className="mb-2 py-2" role="status">
              <strong>{c.name}: </strong>
              {o.ok
                ? `${o.result.ok ? '' : 'Failed: '}${o.result.detail}${
                    o.result.instance && !o.result.detail.includes(o.result.instance)
                      ? ` (${o.result.instance})`
                      : ''
                  }`
                : errorMessage(o.error)}
            </Alert>
          </td>
        </tr>
      )}
    </>
  );
}

function ConnectionModal(props: { connection: Connection | null; onClose(): void; onSaved(): void }) {
  const { connection } = props;
  const editing = connection !== null;
  const { register, handleSubmit, formState } = useForm<ConnectionValues>({
    defaultValues: {
      name: connection?.name ?? '',
      base_url: connection?.base_url ?? '',
      token: '',
      incoming_token: '',
      enabled: connection?.enabled ?? true,
    },
    resolver: bodyResolver(editing ? connectionUpdateSchema : connectionCreateSchema, (v: ConnectionValues) =>
      connectionBody(v, editing),
    ),
  });
  const save = useMutation({
    mutationFn: (v: ConnectionValues) =>
      connection
        ? updateConnection(connection.id, connectionBody(v, true))
        : createConnection(connectionBody(v, false) as ConnectionCreate),
    onSuccess: props.onSaved,
  });
  const err = fieldMessage(formState.errors, save.error);
  const tokenField = (name: 'token' | 'incoming_token', label: string, help: string) => {
    const id = `connection-${name.replace('_', '-')}`;
    const message = err(name);
    return (
      <Form.Group className="mb-3" controlId={id}>
        <Form.Label>
          {editing ? `Replace ${label.toLowerCase()}` : label}
          {!editing && <RequiredMark />}
        </Form.Label>
        <Form.Control
          {...register(name)}
          type="password"
          autoComplete="new-password"
          aria-required={!editing || undefined}
          isInvalid={!!message}
          aria-describedby={`${id}-help${message ? ` ${id}-error` : ''}`}
        />
        <Form.Text id={`${id}-help`} muted>
          {editing ? 'A token is set. Leave this empty to keep it; a token typed here replaces it. ' : ''}
          {help}
        </Form.Text>
        <FieldError id={`${id}-error`} message={message} />
      </Form.Group>
    );
  };
  return (
    <FormModal
      id="connection"
      title={connection ? `Edit connection ${connection.name}` : 'Add connection'}
      submitLabel={connection ? 'Save' : 'Add connection'}
      busy={save.isPending}
      error={unexplained(save.error, ['name', 'base_url', 'token', 'incoming_token', 'enabled'])}
      onSubmit={handleSubmit((v) => save.mutate(v))}
      onClose={props.onClose}
    >
      <RegisteredTextField
        id="connection-name"
        label="Name"
        required
        registration={register('name')}
        error={err('name')}
      />
      <RegisteredTextField
        id="connection-base-url"
        label="Base URL"
        required
        help="The other instance's address, e.g. https://cvdp.example.org"
        registration={register('base_url')}
        error={err('base_url')}
      />
      {tokenField(
        'token',
        'Outgoing token',
        'The token we present to the other instance. Stored encrypted, never shown again.',
      )}
      {tokenField(
        'incoming_token',
        'Incoming token',
        'The token the other instance presents to us (at least 20 characters). Stored hashed, never shown again.',
      )}
      <Form.Check type="switch" id="connection-enabled" label="Enabled" {...register('enabled')} />
    </FormModal>
  );
}

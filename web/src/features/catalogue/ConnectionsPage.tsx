// Administrators keep the connections to other CVDP instances (cases are transferred over them): a name, the
// other instance's base URL, whether it is enabled, when it last answered — and two tokens that are written,
// never read back: the one we present to them and the one they present to us. "Test connection" asks the
// other instance whether it accepts our token and shows what it said.
import { useState } from 'react';
import { Alert, Badge, Button, Form } from 'react-bootstrap';
import {
  connectionCreateSchema,
  connectionUpdateSchema,
  type Connection,
  type ConnectionCreate,
} from '@cvdp/core/catalogue/index';
import { formatDateTime } from '../../lib/format.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { CataloguePage, stackLabelWidth } from '../../components/CataloguePage.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { CheckField, TextField, mappedSchema, useZodForm } from '../../components/form/index.ts';
import {
  useConnections,
  useCreateConnection,
  useDeleteConnection,
  useTestConnection,
  useToggleConnection,
  useUpdateConnection,
  type ConnectionTestResult,
  type ConnectionUpdate,
} from './api/index.ts';

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

const newConnectionForm = mappedSchema<ConnectionValues, ConnectionUpdate>(
  (v) => connectionBody(v, false),
  connectionCreateSchema,
);
const editedConnectionForm = mappedSchema<ConnectionValues, ConnectionUpdate>(
  (v) => connectionBody(v, true),
  connectionUpdateSchema,
);

/** The outcome of the last test, by connection. */
type TestOutcome = { ok: true; result: ConnectionTestResult } | { ok: false; error: unknown };

export function ConnectionsPage() {
  const [tests, setTests] = useState<Record<number, TestOutcome>>({});
  const toggle = useToggleConnection();
  const test = useTestConnection({
    onSuccess: (result, id) => setTests((t) => ({ ...t, [id]: { ok: true, result } })),
    onError: (error, id) => setTests((t) => ({ ...t, [id]: { ok: false, error } })),
  });
  return (
    <CataloguePage
      title="Connections"
      addLabel="Add connection"
      intro={<p className="text-muted">Other CVDP instances cases can be transferred to.</p>}
      list={useConnections()}
      loadingLabel="Loading connections…"
      columns={[
        // Wide enough that a name or an address does not break every few letters on a phone.
        {
          key: 'name',
          header: 'Name',
          headerStyle: { minWidth: '9rem' },
          cellClassName: 'text-break',
          cell: (c) => c.name,
        },
        {
          key: 'base_url',
          header: 'Base URL',
          headerStyle: { minWidth: '12rem' },
          cellClassName: 'text-break',
          cell: (c) => c.base_url,
        },
        {
          key: 'enabled',
          header: 'Enabled',
          cell: (c) => (
            <Form.Check
              type="switch"
              id={`connection-enabled-${c.id}`}
              aria-label={`Enabled: ${c.name}`}
              checked={c.enabled}
              disabled={toggle.isPending && toggle.variables.id === c.id}
              onChange={() => toggle.mutate(c)}
            />
          ),
        },
        {
          key: 'last_contact',
          header: 'Last successful contact',
          cellClassName: 'text-nowrap',
          cell: (c) => (c.last_contact ? formatDateTime(c.last_contact) : 'Never'),
        },
        {
          key: 'tokens',
          header: 'Tokens',
          cell: () => (
            <Badge bg="success" className="fw-normal">
              Tokens set
            </Badge>
          ),
        },
      ]}
      // On a phone each connection is a block of "label value" lines, its actions under them (the table
      // was wider than the screen: a sideways-scrolling box a keyboard cannot reach).
      table={{
        layout: 'stack',
        style: stackLabelWidth('8.5rem'),
        after: (c, columns) => <TestOutcomeRow connection={c} outcome={tests[c.id]} columns={columns} />,
      }}
      itemName={(c) => c.name}
      rowActions={(c) => {
        const testing = test.isPending && test.variables === c.id;
        return (
          <Button
            size="sm"
            variant="outline-primary"
            className="text-nowrap"
            aria-label={`Test connection ${c.name}`}
            disabled={testing}
            onClick={() => test.mutate(c.id)}
          >
            {testing ? 'Testing…' : 'Test connection'}
          </Button>
        );
      }}
      editor={({ item, close }) => <ConnectionModal connection={item} onClose={close} />}
      remove={useDeleteConnection()}
      deleteTitle={(c) => `Delete the connection “${c.name}”?`}
    >
      <ErrorAlert error={toggle.error} />
    </CataloguePage>
  );
}

function TestOutcomeRow({
  connection: c,
  outcome: o,
  columns,
}: {
  connection: Connection;
  outcome?: TestOutcome;
  columns: number;
}) {
  if (!o) return null;
  return (
    <tr>
      <td colSpan={columns} className="border-0 pt-0">
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
  );
}

function ConnectionModal(props: { connection: Connection | null; onClose(): void }) {
  const { connection } = props;
  const editing = connection !== null;
  const form = useZodForm(editing ? editedConnectionForm : newConnectionForm, {
    defaultValues: {
      name: connection?.name ?? '',
      base_url: connection?.base_url ?? '',
      token: '',
      incoming_token: '',
      enabled: connection?.enabled ?? true,
    },
  });
  const create = useCreateConnection();
  const update = useUpdateConnection();
  const save = editing ? update : create;
  const tokenField = (name: 'token' | 'incoming_token', label: string, help: string) => (
    <TextField
      id={`connection-${name.replace('_', '-')}`}
      name={name}
      label={editing ? `Replace ${label.toLowerCase()}` : label}
      required={!editing}
      type="password"
      autoComplete="new-password"
      help={`${editing ? 'A token is set. Leave this empty to keep it; a token typed here replaces it. ' : ''}${help}`}
    />
  );
  return (
    <FormModal
      form={form}
      title={connection ? `Edit connection ${connection.name}` : 'Add connection'}
      submitLabel={connection ? 'Save' : 'Add connection'}
      pending={save.isPending}
      error={save.error}
      onClose={props.onClose}
      onSubmit={(body) => {
        const done = { onSuccess: props.onClose };
        if (connection) update.mutate({ id: connection.id, input: body }, done);
        else create.mutate(body as ConnectionCreate, done);
      }}
    >
      <TextField id="connection-name" name="name" label="Name" required />
      <TextField
        id="connection-base-url"
        name="base_url"
        label="Base URL"
        required
        help="The other instance's address, e.g. https://cvdp.example.org"
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
      <CheckField id="connection-enabled" name="enabled" label="Enabled" type="switch" className="mb-0" />
    </FormModal>
  );
}

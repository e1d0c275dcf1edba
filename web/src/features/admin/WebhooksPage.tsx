// Administrators register webhook endpoints: an address, the events it gets, active or paused. The signing
// secret is made by the server and shown once, right after the endpoint is added; afterwards only its hint.
// "Send test event" sends a `ping` now and a toast says what came back; each endpoint has a delivery log.
import { useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { Link } from 'react-router';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  webhookCreateSchema,
  type WebhookCreate,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
} from '@cvdp/core';
import { toast } from '../../lib/toast.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { CataloguePage, stackLabelWidth } from '../../components/CataloguePage.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { CheckField, CheckList, TextField, mappedSchema, useZodForm } from '../../components/form/index.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
} from './api/index.ts';

/** "Send test event": the toast says what came back (the answer's status, or why there was none). */
export function useSendTestEvent() {
  const test = useTestWebhook();
  const send = (id: number) =>
    test.mutate(id, {
      onSuccess: (result) => toast(result.detail),
      onError: (error) => toast(`Test event not sent: ${errorMessage(error)}`),
    });
  return { send, sending: (id: number) => test.isPending && test.variables === id };
}

export function WebhooksPage() {
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const toggle = useUpdateWebhook();
  const test = useSendTestEvent();
  return (
    <CataloguePage
      title="Webhooks"
      addLabel="Add webhook"
      intro={
        <p className="text-muted">
          Endpoints that receive signed events about cases (HMAC-SHA256 over the timestamp and the body; see
          docs/webhooks.md to verify them). Only staff-level events, with ids, titles and links.
        </p>
      }
      list={useWebhooks()}
      loadingLabel="Loading webhooks…"
      columns={[
        {
          key: 'url',
          header: 'Endpoint',
          headerStyle: { minWidth: '12rem' },
          cellClassName: 'text-break',
          // One block: a stacked row's cell lays its children side by side.
          cell: (w) => (
            <div>
              {w.url}
              {w.description && <div className="small text-muted">{w.description}</div>}
            </div>
          ),
        },
        {
          key: 'events',
          header: 'Events',
          cell: (w) => w.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', '),
        },
        {
          key: 'active',
          header: 'Active',
          cell: (w) => (
            <Form.Check
              type="switch"
              id={`webhook-active-${w.id}`}
              aria-label={`Active: ${w.url}`}
              checked={w.active}
              disabled={toggle.isPending && toggle.variables.id === w.id}
              onChange={() =>
                toggle.mutate(
                  { id: w.id, input: { active: !w.active } },
                  { onSuccess: (saved) => toast(saved.active ? 'Webhook active.' : 'Webhook paused.') },
                )
              }
            />
          ),
        },
        {
          key: 'secret',
          header: 'Secret',
          cellClassName: 'text-nowrap',
          cell: (w) => <code>{w.secret_hint}</code>,
        },
      ]}
      table={{ layout: 'stack', style: stackLabelWidth('7rem') }}
      itemName={(w) => w.url}
      rowActions={(w) => (
        <>
          <Button
            size="sm"
            variant="outline-primary"
            className="text-nowrap"
            aria-label={`Send test event to ${w.url}`}
            disabled={test.sending(w.id)}
            onClick={() => test.send(w.id)}
          >
            {test.sending(w.id) ? 'Sending…' : 'Send test event'}
          </Button>
          <Link
            className="btn btn-sm btn-outline-secondary text-nowrap"
            to={`/cvdp/admin/webhooks/${w.id}`}
            aria-label={`Delivery log of ${w.url}`}
          >
            Delivery log
          </Link>
        </>
      )}
      editor={({ item, close }) => (
        <WebhookModal
          endpoint={item}
          onClose={close}
          onCreated={(endpoint) => {
            close();
            setCreated(endpoint);
          }}
        />
      )}
      remove={useDeleteWebhook()}
      onRemoved={() => toast('Webhook deleted.')}
      deleteTitle={(w) => `Delete the webhook to ${w.url}?`}
      deleteBody={() => 'Its delivery log goes with it, and events not yet delivered are never sent.'}
    >
      <ErrorAlert error={toggle.error} />
      {created && <SecretOnce endpoint={created} onClose={() => setCreated(null)} />}
    </CataloguePage>
  );
}

/** The signing secret, the one time it is shown. */
function SecretOnce(props: { endpoint: WebhookEndpointCreated; onClose(): void }) {
  return (
    <Modal show onHide={props.onClose} aria-labelledby="webhook-secret-title" backdrop="static">
      <Modal.Header>
        <Modal.Title id="webhook-secret-title" as="h2" className="h5">
          Signing secret
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          Copy this secret into the receiver of <span className="text-break">{props.endpoint.url}</span> now:
          it is not shown again. The receiver checks each delivery's X-CVDP-Signature with it.
        </p>
        <Alert variant="warning" className="mb-0">
          <code className="text-break" data-testid="webhook-secret">
            {props.endpoint.secret}
          </code>
        </Alert>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={props.onClose}>I have copied it</Button>
      </Modal.Footer>
    </Modal>
  );
}

interface WebhookValues {
  url: string;
  description: string;
  events: WebhookCreate['events'];
  active: boolean;
}

const webhookForm = mappedSchema<WebhookValues, WebhookValues>(
  (v) => ({ ...v, url: v.url.trim() }),
  webhookCreateSchema,
);

function WebhookModal(props: {
  endpoint: WebhookEndpoint | null;
  onClose(): void;
  onCreated(endpoint: WebhookEndpointCreated): void;
}) {
  const { endpoint } = props;
  const form = useZodForm(webhookForm, {
    defaultValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? [],
      active: endpoint?.active ?? true,
    },
  });
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const save = endpoint ? update : create;
  return (
    <FormModal
      form={form}
      title={endpoint ? 'Edit webhook' : 'Add webhook'}
      submitLabel={endpoint ? 'Save' : 'Add webhook'}
      pending={save.isPending}
      error={save.error}
      onClose={props.onClose}
      onSubmit={(body) => {
        if (endpoint)
          update.mutate(
            { id: endpoint.id, input: body },
            {
              onSuccess: () => {
                toast('Webhook saved.');
                props.onClose();
              },
            },
          );
        else
          create.mutate(body, {
            onSuccess: (created) => {
              toast('Webhook added.');
              props.onCreated(created);
            },
          });
      }}
    >
      <TextField
        id="webhook-url"
        name="url"
        label="Endpoint URL"
        required
        help="Where events are POSTed, e.g. https://siem.example.org/cvdp-events"
      />
      <TextField id="webhook-description" name="description" label="Description" />
      <CheckList
        name="events"
        legend="Events"
        options={WEBHOOK_EVENTS.map((e) => ({
          value: e,
          id: `webhook-event-${e.replace(/[._]/g, '-')}`,
          label: WEBHOOK_EVENT_LABELS[e],
        }))}
      />
      <CheckField
        id="webhook-active"
        name="active"
        label="Active"
        type="switch"
        className="mb-0"
        help="A paused endpoint gets no events; those queued before wait until it is active again."
      />
    </FormModal>
  );
}

// Add or change a CVE Services account. The form is the server's (OPTIONS manage/cve/account/): its labels and
// environment choices. The API key is write-only: never shown back; when editing, the account says a key is
// set and a new one replaces it only when typed.
import { Button, Form, Modal } from 'react-bootstrap';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  cveAccountCreateSchema,
  cveAccountPatchSchema,
  CVE_ENVIRONMENTS,
  type CveAccount,
  type CveEnvironment,
} from '@cvdp/core/cve/index';
import { fieldErrors } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { FieldError, RequiredMark } from '../../../components/form/index.ts';
import {
  createCveAccount,
  cveErrorMessage,
  fetchCveAccountOptions,
  updateCveAccount,
  type CveAccountBody,
} from '../api.ts';

interface Values {
  org_short_name: string;
  username: string;
  api_key: string;
  environment: CveEnvironment;
  base_url: string;
  active: boolean;
}

const FIELDS = ['org_short_name', 'username', 'api_key', 'environment', 'base_url', 'active'] as const;

/** What is sent: no base_url outside the custom environment; an empty key field keeps the stored key. */
export function accountBody(v: Values): CveAccountBody {
  return {
    org_short_name: v.org_short_name,
    username: v.username,
    environment: v.environment,
    base_url: v.environment === 'custom' ? v.base_url : null,
    active: v.active,
    ...(v.api_key.trim() ? { api_key: v.api_key } : {}),
  };
}

const valuesOf = (a: CveAccount | null): Values => ({
  org_short_name: a?.org_short_name ?? '',
  username: a?.username ?? '',
  api_key: '',
  environment: a?.environment ?? 'test',
  base_url: a?.base_url ?? '',
  active: a?.active ?? true,
});

export function CveAccountModal({
  account,
  onClose,
  onSaved,
}: {
  /** null: a new account. */
  account: CveAccount | null;
  onClose: () => void;
  onSaved: (saved: CveAccount) => void;
}) {
  const editing = account !== null;
  const options = useQuery({ queryKey: queryKeys.cve.accountOptions(), queryFn: fetchCveAccountOptions });
  const check = zodResolver(editing ? cveAccountPatchSchema : cveAccountCreateSchema);
  const resolver: Resolver<Values> = async (values, context, opts) => {
    const result = await check(accountBody(values), context, opts as never);
    return Object.keys(result.errors).length
      ? { values: {}, errors: result.errors as never }
      : { values, errors: {} };
  };
  const { register, handleSubmit, watch, formState } = useForm<Values>({
    defaultValues: valuesOf(account),
    resolver,
  });
  const save = useMutation({
    mutationFn: (v: Values) =>
      editing ? updateCveAccount(account.id, accountBody(v)) : createCveAccount(accountBody(v)),
    onSuccess: onSaved,
  });
  const server = fieldErrors(save.error);
  const err = (name: keyof Values) => formState.errors[name]?.message ?? server[name]?.[0];
  const unexplained = save.error && !FIELDS.some((f) => server[f]?.length);
  const fields = options.data?.actions.POST;
  const label = (name: keyof Values, fallback: string) => fields?.[name]?.label ?? fallback;
  const choices =
    fields?.environment?.choices ?? CVE_ENVIRONMENTS.map((value) => ({ value, display_name: value }));
  const environment = watch('environment');
  const title = editing ? `Edit CVE account ${account.org_short_name}` : 'Add CVE account';

  return (
    <Modal show onHide={onClose} aria-labelledby="cve-account-title" backdrop="static">
      <Form noValidate aria-label={title} onSubmit={handleSubmit((v) => save.mutate(v))}>
        <Modal.Header closeButton>
          <Modal.Title id="cve-account-title" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {options.isPending ? (
            <PageSpinner label="Loading the form…" />
          ) : (
            <>
              <ErrorAlert error={options.error} />
              <Form.Group className="mb-3" controlId="cve-account-org">
                <Form.Label>
                  {label('org_short_name', 'Organisation short name')}
                  <RequiredMark />
                </Form.Label>
                <Form.Control
                  {...register('org_short_name')}
                  autoComplete="off"
                  aria-required
                  isInvalid={!!err('org_short_name')}
                  aria-describedby={err('org_short_name') ? 'cve-account-org-error' : undefined}
                />
                <FieldError id="cve-account-org-error" message={err('org_short_name')} />
              </Form.Group>
              <Form.Group className="mb-3" controlId="cve-account-user">
                <Form.Label>
                  {label('username', 'CVE Services user')}
                  <RequiredMark />
                </Form.Label>
                <Form.Control
                  {...register('username')}
                  autoComplete="off"
                  aria-required
                  isInvalid={!!err('username')}
                  aria-describedby={err('username') ? 'cve-account-user-error' : undefined}
                />
                <FieldError id="cve-account-user-error" message={err('username')} />
              </Form.Group>
              <Form.Group className="mb-3" controlId="cve-account-key">
                <Form.Label>
                  {editing ? `Replace ${label('api_key', 'API key')}` : label('api_key', 'API key')}
                  {!editing && <RequiredMark />}
                </Form.Label>
                <Form.Control
                  {...register('api_key')}
                  type="password"
                  autoComplete="new-password"
                  aria-required={!editing || undefined}
                  isInvalid={!!err('api_key')}
                  aria-describedby={`cve-account-key-help${err('api_key') ? ' cve-account-key-error' : ''}`}
                />
                <Form.Text id="cve-account-key-help" muted>
                  {editing
                    ? 'A key is set. Leave this empty to keep it; a key typed here replaces it.'
                    : 'Stored encrypted and never shown again.'}
                </Form.Text>
                <FieldError id="cve-account-key-error" message={err('api_key')} />
              </Form.Group>
              <Form.Group className="mb-3" controlId="cve-account-environment">
                <Form.Label>{label('environment', 'Environment')}</Form.Label>
                <Form.Select {...register('environment')} isInvalid={!!err('environment')}>
                  {choices.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.display_name}
                    </option>
                  ))}
                </Form.Select>
                <FieldError message={err('environment')} />
              </Form.Group>
              {environment === 'custom' && (
                <Form.Group className="mb-3" controlId="cve-account-base-url">
                  <Form.Label>
                    {label('base_url', 'Base URL (custom environment)')}
                    <RequiredMark />
                  </Form.Label>
                  <Form.Control
                    {...register('base_url')}
                    type="url"
                    inputMode="url"
                    placeholder="https://cve-services.example.org/api"
                    aria-required
                    isInvalid={!!err('base_url')}
                    aria-describedby={err('base_url') ? 'cve-account-base-url-error' : undefined}
                  />
                  <FieldError id="cve-account-base-url-error" message={err('base_url')} />
                </Form.Group>
              )}
              <Form.Check
                type="switch"
                id="cve-account-active"
                label={label('active', 'Active')}
                {...register('active')}
              />
              {unexplained ? (
                <div className="alert alert-danger mt-3 mb-0" role="alert">
                  {editing ? 'The account could not be saved: ' : 'The account could not be added: '}
                  {cveErrorMessage(save.error)}
                </div>
              ) : null}
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending || options.isPending}>
            {editing ? 'Save' : 'Add account'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

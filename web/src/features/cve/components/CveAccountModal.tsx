// Add or change a CVE Services account. The form is the server's (OPTIONS manage/cve/account/): its labels and
// environment choices. The API key is write-only: never shown back; when editing, the account says a key is
// set and a new one replaces it only when typed.
import {
  cveAccountCreateSchema,
  cveAccountPatchSchema,
  CVE_ENVIRONMENTS,
  type CveAccount,
  type CveEnvironment,
} from '@cvdp/core/cve/index';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import {
  CheckField,
  SelectField,
  TextField,
  mappedSchema,
  useZodForm,
} from '../../../components/form/index.ts';
import {
  useCreateCveAccount,
  useCveAccountOptions,
  useUpdateCveAccount,
  type CveAccountBody,
} from '../api/index.ts';
import { cveFormError } from '../error-message.ts';

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

const newAccountForm = mappedSchema<Values, Partial<CveAccountBody>>(accountBody, cveAccountCreateSchema);
const editedAccountForm = mappedSchema<Values, Partial<CveAccountBody>>(accountBody, cveAccountPatchSchema);

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
}: {
  /** null: a new account. */
  account: CveAccount | null;
  /** Cancel, or saved. */
  onClose: () => void;
}) {
  const editing = account !== null;
  const options = useCveAccountOptions();
  const form = useZodForm(editing ? editedAccountForm : newAccountForm, { defaultValues: valuesOf(account) });
  const create = useCreateCveAccount();
  const update = useUpdateCveAccount();
  const save = editing ? update : create;
  const fields = options.data?.actions.POST;
  const label = (name: keyof Values, fallback: string) => fields?.[name]?.label ?? fallback;
  const choices =
    fields?.environment?.choices ?? CVE_ENVIRONMENTS.map((value) => ({ value, display_name: value }));
  const environment = form.watch('environment');
  const title = editing ? `Edit CVE account ${account.org_short_name}` : 'Add CVE account';

  return (
    <FormModal
      form={form}
      title={title}
      submitLabel={editing ? 'Save' : 'Add account'}
      pending={save.isPending}
      disabled={options.isPending}
      error={cveFormError(
        save.error,
        FIELDS,
        editing ? 'The account could not be saved: ' : 'The account could not be added: ',
      )}
      onClose={onClose}
      onSubmit={(body) => {
        const done = { onSuccess: onClose };
        if (editing) update.mutate({ id: account.id, change: body }, done);
        else create.mutate(body as CveAccountBody, done);
      }}
    >
      {options.isPending ? (
        <PageSpinner label="Loading the form…" />
      ) : (
        <>
          <ErrorAlert error={options.error} />
          <TextField
            id="cve-account-org"
            name="org_short_name"
            label={label('org_short_name', 'Organisation short name')}
            required
            autoComplete="off"
          />
          <TextField
            id="cve-account-user"
            name="username"
            label={label('username', 'CVE Services user')}
            required
            autoComplete="off"
          />
          <TextField
            id="cve-account-key"
            name="api_key"
            label={editing ? `Replace ${label('api_key', 'API key')}` : label('api_key', 'API key')}
            required={!editing}
            type="password"
            autoComplete="new-password"
            help={
              editing
                ? 'A key is set. Leave this empty to keep it; a key typed here replaces it.'
                : 'Stored encrypted and never shown again.'
            }
          />
          <SelectField
            id="cve-account-environment"
            name="environment"
            label={label('environment', 'Environment')}
            options={choices.map((c) => ({ value: c.value, label: c.display_name }))}
          />
          {environment === 'custom' && (
            <TextField
              id="cve-account-base-url"
              name="base_url"
              label={label('base_url', 'Base URL (custom environment)')}
              required
              type="url"
              inputMode="url"
              placeholder="https://cve-services.example.org/api"
            />
          )}
          <CheckField
            id="cve-account-active"
            name="active"
            label={label('active', 'Active')}
            type="switch"
            className="mb-0"
          />
        </>
      )}
    </FormModal>
  );
}

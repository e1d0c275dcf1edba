// Scorers and administrators keep the CVE Services accounts CVDP reserves ids and publishes records through:
// organisation, user, environment and whether the account is active (toggled in the table). Each account's
// reserved ids are on its own page. API keys are never shown.
import { Link } from 'react-router';
import { Alert, Form } from 'react-bootstrap';
import type { CveAccount } from '@cvdp/core/cve/index';
import { CataloguePage, stackLabelWidth } from '../../components/CataloguePage.tsx';
import { useCveAccounts, useDeleteCveAccount, useToggleCveAccount } from './api/index.ts';
import { CveAccountModal } from './components/CveAccountModal.tsx';
import { cveErrorMessage } from './error-message.ts';

const ENVIRONMENT_NAMES = { production: 'Production', test: 'Test', custom: 'Custom' } as const;

const name = (a: CveAccount) => `${a.org_short_name} (${a.username})`;

export function CveAccountsPage() {
  const toggle = useToggleCveAccount();
  return (
    <CataloguePage
      title="CVE accounts"
      addLabel="Add account"
      intro={
        <p className="text-body-secondary">
          The CVE Services accounts CVE ids are reserved and CVE records published through. The first active
          account publishes the records.
        </p>
      }
      list={useCveAccounts()}
      loadingLabel="Loading the CVE accounts…"
      describeError={cveErrorMessage}
      columns={[
        {
          key: 'org',
          header: 'Organisation',
          cellClassName: 'text-break fw-semibold',
          cell: (a) => a.org_short_name,
        },
        { key: 'user', header: 'User', cellClassName: 'text-break', cell: (a) => a.username },
        {
          key: 'environment',
          header: 'Environment',
          cell: (a) => (
            <div>
              {ENVIRONMENT_NAMES[a.environment]}
              <div className="small text-body-secondary text-break">{a.api_url}</div>
            </div>
          ),
        },
        {
          key: 'active',
          header: 'Active',
          cell: (a) => (
            <Form.Check
              type="switch"
              id={`cve-account-${a.id}-active`}
              checked={a.active}
              disabled={toggle.isPending}
              onChange={() => toggle.mutate(a)}
              aria-label={`Active: ${name(a)}`}
              label={<span aria-hidden="true">{a.active ? 'Active' : 'Inactive'}</span>}
            />
          ),
        },
      ]}
      // Room for 'Organisation' and 'Environment' when the rows stack on a phone.
      table={{ layout: 'stack', size: undefined, hover: true, style: stackLabelWidth('7.5rem') }}
      actionsClassName="text-md-end"
      itemName={name}
      rowActions={(a) => (
        <Link
          className="btn btn-sm btn-outline-primary"
          to={`/cvdp/cve/accounts/${a.id}/reservations`}
          aria-label={`Reservations of ${name(a)}`}
        >
          Reservations
        </Link>
      )}
      editor={({ item, close }) => <CveAccountModal account={item} onClose={close} />}
      remove={useDeleteCveAccount()}
      deleteTitle={() => 'Delete CVE account'}
      deleteBody={(a) => (
        <p className="mb-0">
          Delete the CVE account {name(a)}? CVDP forgets its API key and the ids reserved through it; CVE
          Services keeps them.
        </p>
      )}
    >
      {toggle.error ? (
        <Alert variant="danger" role="alert" dismissible onClose={() => toggle.reset()}>
          The account could not be updated: {cveErrorMessage(toggle.error)}
        </Alert>
      ) : null}
    </CataloguePage>
  );
}

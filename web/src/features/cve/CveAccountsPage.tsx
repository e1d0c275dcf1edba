// Scorers and administrators keep the CVE Services accounts CVDP reserves ids and publishes records through:
// organisation, user, environment and whether the account is active (toggled in the table). Each account's
// reserved ids are on its own page. API keys are never shown.
import { useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Form, Modal, Table } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CveAccount } from '@cvdp/core/cve/index';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { cveErrorMessage, deleteCveAccount, fetchCveAccounts, updateCveAccount } from './api.ts';
import { CveAccountModal } from './components/CveAccountModal.tsx';

/** Room for 'Organisation', 'Environment', 'Vulnerability' when the rows stack on a phone. */
const STACK_LABELS = { '--table-stack-label': '7.5rem' } as CSSProperties;

const ENVIRONMENT_NAMES = { production: 'Production', test: 'Test', custom: 'Custom' } as const;

export function CveAccountsPage() {
  usePageTitle('CVE accounts');
  const client = useQueryClient();
  const accounts = useQuery({ queryKey: queryKeys.cve.accounts(), queryFn: fetchCveAccounts });
  // undefined: no modal; null: a new account.
  const [editing, setEditing] = useState<CveAccount | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<CveAccount | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.cve.accounts() });
  const toggle = useMutation({
    mutationFn: (a: CveAccount) => updateCveAccount(a.id, { active: !a.active }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (a: CveAccount) => deleteCveAccount(a.id),
    onSuccess: async () => {
      setDeleting(null);
      await Promise.all([refresh(), client.invalidateQueries({ queryKey: queryKeys.cve.reservations() })]);
    },
  });
  const rows = accounts.data ?? [];
  const name = (a: CveAccount) => `${a.org_short_name} (${a.username})`;

  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <h1 className="h3 mb-0 me-auto">CVE accounts</h1>
        <Button onClick={() => setEditing(null)}>Add account</Button>
      </div>
      <p className="text-body-secondary">
        The CVE Services accounts CVE ids are reserved and CVE records published through. The first active
        account publishes the records.
      </p>
      {accounts.error ? (
        <Alert variant="danger" role="alert">
          {cveErrorMessage(accounts.error)}
        </Alert>
      ) : null}
      {toggle.error ? (
        <Alert variant="danger" role="alert" dismissible onClose={() => toggle.reset()}>
          The account could not be updated: {cveErrorMessage(toggle.error)}
        </Alert>
      ) : null}
      {accounts.isPending ? (
        <PageSpinner label="Loading the CVE accounts…" />
      ) : (
        <Table hover responsive className="table-stack align-middle" style={STACK_LABELS}>
          <thead>
            <tr>
              <th scope="col">Organisation</th>
              <th scope="col">User</th>
              <th scope="col">Environment</th>
              <th scope="col">Active</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.isSuccess && rows.length === 0 ? <NoDataRow colSpan={5} /> : null}
            {rows.map((a) => (
              <tr key={a.id}>
                <td data-label="Organisation" className="text-break fw-semibold">
                  {a.org_short_name}
                </td>
                <td data-label="User" className="text-break">
                  {a.username}
                </td>
                <td data-label="Environment">
                  <div>
                    {ENVIRONMENT_NAMES[a.environment]}
                    <div className="small text-body-secondary text-break">{a.api_url}</div>
                  </div>
                </td>
                <td data-label="Active">
                  <Form.Check
                    type="switch"
                    id={`cve-account-${a.id}-active`}
                    checked={a.active}
                    disabled={toggle.isPending}
                    onChange={() => toggle.mutate(a)}
                    aria-label={`Active: ${name(a)}`}
                    label={<span aria-hidden="true">{a.active ? 'Active' : 'Inactive'}</span>}
                  />
                </td>
                <td className="text-md-end">
                  <div className="d-flex flex-wrap gap-1 justify-content-md-end">
                    <Link
                      className="btn btn-sm btn-outline-primary"
                      to={`/cvdp/cve/accounts/${a.id}/reservations`}
                      aria-label={`Reservations of ${name(a)}`}
                    >
                      Reservations
                    </Link>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      onClick={() => setEditing(a)}
                      aria-label={`Edit ${name(a)}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => setDeleting(a)}
                      aria-label={`Delete ${name(a)}`}
                    >
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {editing !== undefined && (
        <CveAccountModal
          account={editing}
          onClose={() => setEditing(undefined)}
          onSaved={async () => {
            setEditing(undefined);
            await refresh();
          }}
        />
      )}
      {deleting && (
        <Modal show onHide={() => setDeleting(null)} aria-labelledby="delete-cve-account-title">
          <Modal.Header closeButton>
            <Modal.Title id="delete-cve-account-title" className="h5">
              Delete CVE account
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>
              Delete the CVE account {name(deleting)}? CVDP forgets its API key and the ids reserved through
              it; CVE Services keeps them.
            </p>
            {remove.error ? (
              <Alert variant="danger" role="alert" className="mb-0">
                {cveErrorMessage(remove.error)}
              </Alert>
            ) : null}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate(deleting)}>
              Delete
            </Button>
          </Modal.Footer>
        </Modal>
      )}
    </>
  );
}

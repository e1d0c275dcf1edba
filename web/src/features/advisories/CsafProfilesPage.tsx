// Administrators keep the CSAF profiles: who publishes the CSAF documents of the advisories (publisher name
// and category, namespace, contact, issuing authority, default TLP). A case's CSAF settings pick one. Each row
// is edited in a dialog (PATCH of the fields changed) and deleted after a confirmation (cases that used it are
// published by the instance again).
import { useState } from 'react';
import { Alert, Button, Form, Modal, Table } from 'react-bootstrap';
import { type UseFormRegister, useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CsafProfile, CsafProfileCreateInput, CsafProfilePatchInput } from '@cvdp/core';
import { CSAF_PUBLISHER_CATEGORIES, CSAF_TLP_LABELS } from '@cvdp/core';
import { errorMessage, fieldErrors } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { RegisteredTextField } from '../../components/form/index.ts';
import { createCsafProfile, deleteCsafProfile, fetchCsafProfiles, updateCsafProfile } from './api.ts';

type Values = Required<CsafProfileCreateInput>;

const defaults: Values = {
  name: '',
  publisher_category: 'coordinator',
  publisher_name: '',
  namespace: '',
  contact_details: '',
  issuing_authority: '',
  default_tlp: 'CLEAR',
};

export function CsafProfilesPage() {
  usePageTitle('CSAF profiles');
  const client = useQueryClient();
  const profiles = useQuery({ queryKey: queryKeys.advisories.csafProfiles(), queryFn: fetchCsafProfiles });
  const { register, handleSubmit, reset } = useForm<Values>({ defaultValues: defaults });
  const create = useMutation({
    mutationFn: createCsafProfile,
    onSuccess: () => {
      reset(defaults);
      return client.invalidateQueries({ queryKey: queryKeys.advisories.csafProfiles() });
    },
  });
  const [editing, setEditing] = useState<CsafProfile | null>(null);
  const [deleting, setDeleting] = useState<CsafProfile | null>(null);
  const remove = useMutation({
    mutationFn: deleteCsafProfile,
    onSuccess: () => {
      setDeleting(null);
      return client.invalidateQueries({ queryKey: queryKeys.advisories.csafProfiles() });
    },
  });
  const errors = fieldErrors(create.error);
  const err = (name: keyof Values) => errors[name]?.[0];
  const rows = profiles.data ?? [];

  return (
    <>
      <h1 className="h3 mb-3">CSAF profiles</h1>
      <ErrorAlert error={profiles.error} />
      <div className="table-responsive mb-4">
        <Table size="sm" className="align-middle position-relative table-stack">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Publisher</th>
              <th scope="col">Category</th>
              <th scope="col">Namespace</th>
              <th scope="col">Default TLP</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {profiles.isSuccess && rows.length === 0 ? <NoDataRow colSpan={6} /> : null}
            {rows.map((p) => (
              <tr key={p.id}>
                <td className="text-break" data-label="Name">
                  {p.name}
                </td>
                <td className="text-break" data-label="Publisher">
                  {p.publisher_name}
                </td>
                <td data-label="Category">{p.publisher_category}</td>
                <td className="text-break" data-label="Namespace">
                  {p.namespace}
                </td>
                <td data-label="Default TLP">{p.default_tlp}</td>
                <td className="text-nowrap">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    className="me-1"
                    aria-label={`Edit ${p.name}`}
                    onClick={() => setEditing(p)}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Delete ${p.name}`}
                    onClick={() => {
                      remove.reset();
                      setDeleting(p);
                    }}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <h2 className="h5">New profile</h2>
      <Form noValidate aria-label="New CSAF profile" onSubmit={handleSubmit((v) => create.mutate(v))}>
        <ProfileFields prefix="csaf" register={register} err={err} />
        {create.error && Object.keys(errors).length === 0 ? <ErrorAlert error={create.error} /> : null}
        <Button type="submit" disabled={create.isPending}>
          Add profile
        </Button>
      </Form>
      {editing && (
        <EditProfileModal
          profile={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            return client.invalidateQueries({ queryKey: queryKeys.advisories.csafProfiles() });
          }}
        />
      )}
      <Modal show={deleting !== null} onHide={() => setDeleting(null)} aria-labelledby="csaf-delete-title">
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="csaf-delete-title">
            Delete CSAF profile
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {remove.error ? <ErrorAlert error={remove.error} /> : null}
          <p className="mb-0 text-break">
            Delete the CSAF profile {deleting?.name}? Cases that use it are published by this CVDP instance
            again.
          </p>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() => deleting && remove.mutate(deleting.id)}
          >
            Delete
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}

/** The fields of a profile, for the new-profile form and the edit dialog (ids under `prefix`). */
function ProfileFields({
  prefix,
  register,
  err,
}: {
  prefix: string;
  register: UseFormRegister<Values>;
  err: (name: keyof Values) => string | undefined;
}) {
  return (
    <>
      <RegisteredTextField
        id={`${prefix}-name`}
        label="Name"
        required
        registration={register('name')}
        error={err('name')}
      />
      <RegisteredTextField
        id={`${prefix}-publisher-name`}
        label="Publisher name"
        required
        registration={register('publisher_name')}
        error={err('publisher_name')}
      />
      <Form.Group className="mb-3" controlId={`${prefix}-publisher-category`}>
        <Form.Label>Publisher category</Form.Label>
        <Form.Select {...register('publisher_category')}>
          {CSAF_PUBLISHER_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <RegisteredTextField
        id={`${prefix}-namespace`}
        label="Namespace"
        required
        help="An https:// address or a urn: the publisher controls."
        registration={register('namespace')}
        error={err('namespace')}
      />
      <RegisteredTextField
        id={`${prefix}-contact`}
        label="Contact details"
        registration={register('contact_details')}
        error={err('contact_details')}
      />
      <RegisteredTextField
        id={`${prefix}-authority`}
        label="Issuing authority"
        multiline
        registration={register('issuing_authority')}
        error={err('issuing_authority')}
      />
      <Form.Group className="mb-3" controlId={`${prefix}-default-tlp`}>
        <Form.Label>Default TLP</Form.Label>
        <Form.Select {...register('default_tlp')}>
          {CSAF_TLP_LABELS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </>
  );
}

/** Edits a profile: only the fields changed are sent; server messages show under the fields. */
function EditProfileModal({
  profile,
  onClose,
  onSaved,
}: {
  profile: CsafProfile;
  onClose: () => void;
  onSaved: () => unknown;
}) {
  const initial: Values = {
    name: profile.name,
    publisher_category: profile.publisher_category,
    publisher_name: profile.publisher_name,
    namespace: profile.namespace,
    contact_details: profile.contact_details,
    issuing_authority: profile.issuing_authority,
    default_tlp: profile.default_tlp,
  };
  const { register, handleSubmit } = useForm<Values>({ defaultValues: initial });
  const save = useMutation({
    mutationFn: (change: CsafProfilePatchInput) => updateCsafProfile(profile.id, change),
    onSuccess: onSaved,
  });
  const errors = fieldErrors(save.error);
  const err = (name: keyof Values) => errors[name]?.[0];
  const submit = handleSubmit((values) => {
    const change = Object.fromEntries(
      (Object.keys(values) as (keyof Values)[])
        .filter((k) => values[k] !== initial[k])
        .map((k) => [k, values[k]]),
    ) as CsafProfilePatchInput;
    if (Object.keys(change).length === 0) onClose();
    else save.mutate(change);
  });
  return (
    <Modal show onHide={onClose} aria-labelledby="csaf-edit-title">
      <Form noValidate aria-label={`Edit CSAF profile ${profile.name}`} onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5 text-break" id="csaf-edit-title">
            Edit CSAF profile
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {save.error && Object.keys(errors).length === 0 ? (
            <Alert variant="danger" role="alert">
              {errorMessage(save.error)}
            </Alert>
          ) : null}
          <ProfileFields prefix="csaf-edit" register={register} err={err} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Save changes
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

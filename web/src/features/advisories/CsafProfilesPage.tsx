// Administrators keep the CSAF profiles: who publishes the CSAF documents of the advisories (publisher name
// and category, namespace, contact, issuing authority, default TLP). A case's CSAF settings pick one.
import { Button, Form, Table } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CsafProfileCreateInput } from '@cvdp/core';
import { CSAF_PUBLISHER_CATEGORIES, CSAF_TLP_LABELS } from '@cvdp/core';
import { fieldErrors } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { TextField } from '../../components/form/index.ts';
import { createCsafProfile, deleteCsafProfile, fetchCsafProfiles } from './api.ts';

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
  const remove = useMutation({
    mutationFn: deleteCsafProfile,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.advisories.csafProfiles() }),
  });
  const errors = fieldErrors(create.error);
  const err = (name: keyof Values) => errors[name]?.[0];
  const rows = profiles.data ?? [];

  return (
    <>
      <h1 className="h3 mb-3">CSAF profiles</h1>
      <ErrorAlert error={profiles.error ?? remove.error} />
      <div className="table-responsive mb-4">
        <Table size="sm" className="align-middle position-relative">
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
                <td className="text-break">{p.name}</td>
                <td className="text-break">{p.publisher_name}</td>
                <td>{p.publisher_category}</td>
                <td className="text-break">{p.namespace}</td>
                <td>{p.default_tlp}</td>
                <td>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    disabled={remove.isPending}
                    aria-label={`Delete ${p.name}`}
                    onClick={() => remove.mutate(p.id)}
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
        <TextField id="csaf-name" label="Name" required registration={register('name')} error={err('name')} />
        <TextField
          id="csaf-publisher-name"
          label="Publisher name"
          required
          registration={register('publisher_name')}
          error={err('publisher_name')}
        />
        <Form.Group className="mb-3" controlId="csaf-publisher-category">
          <Form.Label>Publisher category</Form.Label>
          <Form.Select {...register('publisher_category')}>
            {CSAF_PUBLISHER_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <TextField
          id="csaf-namespace"
          label="Namespace"
          required
          help="An https:// address or a urn: the publisher controls."
          registration={register('namespace')}
          error={err('namespace')}
        />
        <TextField
          id="csaf-contact"
          label="Contact details"
          registration={register('contact_details')}
          error={err('contact_details')}
        />
        <TextField
          id="csaf-authority"
          label="Issuing authority"
          multiline
          registration={register('issuing_authority')}
          error={err('issuing_authority')}
        />
        <Form.Group className="mb-3" controlId="csaf-default-tlp">
          <Form.Label>Default TLP</Form.Label>
          <Form.Select {...register('default_tlp')}>
            {CSAF_TLP_LABELS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {create.error && Object.keys(errors).length === 0 ? <ErrorAlert error={create.error} /> : null}
        <Button type="submit" disabled={create.isPending}>
          Add profile
        </Button>
      </Form>
    </>
  );
}

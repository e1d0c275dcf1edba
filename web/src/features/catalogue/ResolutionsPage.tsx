// Administrators keep the resolutions a case is closed with: add, rename or describe, delete one no closed
// case uses (the server refuses one in use with the number of cases, shown in the dialog).
import { useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResolutionOption } from '@cvdp/core';
import { resolutionCreateSchema, resolutionUpdateSchema } from '@cvdp/core/catalogue/index';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { RegisteredTextField } from '../../components/form/index.ts';
import { ConfirmDeleteModal } from './components/ConfirmDeleteModal.tsx';
import { FormModal } from './components/FormModal.tsx';
import { RowActions } from './components/RowActions.tsx';
import {
  createResolution,
  deleteResolution,
  fetchResolutions,
  updateResolution,
  type ResolutionInput,
} from './api.ts';
import { bodyResolver, fieldMessage, unexplained } from './form.ts';

export function ResolutionsPage() {
  usePageTitle('Resolutions');
  const client = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.catalogue.resolutions(), queryFn: fetchResolutions });
  const [editing, setEditing] = useState<ResolutionOption | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ResolutionOption | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.catalogue.resolutions() });
  const rows = list.data ?? [];

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Resolutions</h1>
        <Button onClick={() => setEditing('new')}>Add resolution</Button>
      </div>
      <p className="text-muted">The resolutions a coordinator can choose when closing a case.</p>
      <ErrorAlert error={list.error} />
      {list.isPending ? (
        <PageSpinner label="Loading resolutions…" />
      ) : (
        <div className="table-responsive position-relative">
          <Table size="sm" className="align-middle">
            <thead>
              <tr>
                <th scope="col" style={{ minWidth: '8rem' }}>
                  Name
                </th>
                <th scope="col">Description</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.isSuccess && rows.length === 0 ? <NoDataRow colSpan={3} /> : null}
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="text-break">{r.name}</td>
                  <td className="text-break">{r.description}</td>
                  <td>
                    <RowActions name={r.name} onEdit={() => setEditing(r)} onDelete={() => setDeleting(r)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {editing !== null && (
        <ResolutionModal
          resolution={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      {deleting && (
        <ConfirmDeleteModal
          what={`the resolution “${deleting.name}”`}
          onConfirm={() => deleteResolution(deleting.id)}
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

function ResolutionModal(props: { resolution: ResolutionOption | null; onClose(): void; onSaved(): void }) {
  const { resolution } = props;
  const { register, handleSubmit, formState } = useForm<ResolutionInput>({
    defaultValues: { name: resolution?.name ?? '', description: resolution?.description ?? '' },
    resolver: bodyResolver(
      resolution ? resolutionUpdateSchema : resolutionCreateSchema,
      (v: ResolutionInput) => v,
    ),
  });
  const save = useMutation({
    mutationFn: (v: ResolutionInput) =>
      resolution ? updateResolution(resolution.id, v) : createResolution(v),
    onSuccess: props.onSaved,
  });
  const err = fieldMessage(formState.errors, save.error);
  return (
    <FormModal
      id="resolution"
      title={resolution ? `Edit resolution ${resolution.name}` : 'Add resolution'}
      submitLabel={resolution ? 'Save' : 'Add resolution'}
      busy={save.isPending}
      error={unexplained(save.error, ['name', 'description'])}
      onSubmit={handleSubmit((v) => save.mutate(v))}
      onClose={props.onClose}
    >
      <RegisteredTextField
        id="resolution-name"
        label="Name"
        required
        registration={register('name')}
        error={err('name')}
      />
      <RegisteredTextField
        id="resolution-description"
        label="Description"
        multiline
        registration={register('description')}
        error={err('description')}
      />
    </FormModal>
  );
}

// Administrators keep the tags, one table per kind (the kinds and their labels are the server's: OPTIONS
// manage/tags/). Renaming a tag renames it on every case or vulnerability carrying it; one in use cannot be
// deleted (the server says how many carry it, shown in the dialog).
import { useState } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tagCreateSchema, tagUpdateSchema, type Tag, type TagKind } from '@cvdp/core/catalogue/index';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { RegisteredTextField } from '../../components/form/index.ts';
import { ConfirmDeleteModal } from './components/ConfirmDeleteModal.tsx';
import { FormModal } from './components/FormModal.tsx';
import { RowActions } from './components/RowActions.tsx';
import { createTag, deleteTag, fetchTagOptions, fetchTags, updateTag, type TagOptions } from './api.ts';
import { bodyResolver, fieldMessage, unexplained } from './form.ts';

interface Values {
  kind: TagKind;
  name: string;
  description: string;
}

export function TagsPage() {
  usePageTitle('Tags');
  const client = useQueryClient();
  const tags = useQuery({ queryKey: queryKeys.catalogue.tags(), queryFn: fetchTags });
  const options = useQuery({ queryKey: queryKeys.catalogue.tagOptions(), queryFn: fetchTagOptions });
  const [editing, setEditing] = useState<Tag | { kind: TagKind } | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.catalogue.tags() });
  const kinds = options.data?.kinds ?? [];

  return (
    <>
      <h1 className="h3 mb-3">Tags</h1>
      <p className="text-muted">
        Tags coordinators put on cases and vulnerabilities. Renaming a tag renames it wherever it is used.
      </p>
      <ErrorAlert error={tags.error ?? options.error} />
      {tags.isPending || options.isPending ? <PageSpinner label="Loading tags…" /> : null}
      {tags.isSuccess &&
        kinds.map((kind) => {
          const rows = tags.data.filter((t) => t.kind === kind.value);
          const headingId = `tags-${kind.value}`;
          return (
            <section key={kind.value} aria-labelledby={headingId} className="mb-4">
              <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
                <h2 className="h5 mb-0" id={headingId}>
                  {kind.display_name} tags
                </h2>
                <Button size="sm" onClick={() => setEditing({ kind: kind.value })}>
                  Add {kind.display_name.toLowerCase()} tag
                </Button>
              </div>
              <div className="table-responsive position-relative">
                <Table size="sm" className="align-middle" aria-labelledby={headingId}>
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
                    {rows.length === 0 ? <NoDataRow colSpan={3} /> : null}
                    {rows.map((t) => (
                      <tr key={t.id}>
                        <td className="text-break">{t.name}</td>
                        <td className="text-break">{t.description}</td>
                        <td>
                          <RowActions
                            name={`${kind.display_name.toLowerCase()} tag ${t.name}`}
                            onEdit={() => setEditing(t)}
                            onDelete={() => setDeleting(t)}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </div>
            </section>
          );
        })}
      {editing !== null && options.data && (
        <TagModal
          tag={'id' in editing ? editing : null}
          kind={editing.kind}
          options={options.data}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      {deleting && (
        <ConfirmDeleteModal
          what={`the tag “${deleting.name}”`}
          onConfirm={() => deleteTag(deleting.id)}
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

function TagModal(props: {
  tag: Tag | null;
  kind: TagKind;
  options: TagOptions;
  onClose(): void;
  onSaved(): void;
}) {
  const { tag } = props;
  const { register, handleSubmit, formState } = useForm<Values>({
    defaultValues: { kind: props.kind, name: tag?.name ?? '', description: tag?.description ?? '' },
    resolver: tag
      ? bodyResolver(tagUpdateSchema, (v: Values) => ({ name: v.name, description: v.description }))
      : bodyResolver(tagCreateSchema, (v: Values) => v),
  });
  const save = useMutation({
    mutationFn: (v: Values) =>
      tag
        ? updateTag(tag.id, { name: v.name, description: v.description })
        : createTag(v.kind, { name: v.name, description: v.description }),
    onSuccess: props.onSaved,
  });
  const err = fieldMessage(formState.errors, save.error);
  const kindLabel = props.options.kinds.find((k) => k.value === props.kind)?.display_name ?? props.kind;
  return (
    <FormModal
      id="tag"
      title={tag ? `Edit tag ${tag.name}` : 'Add tag'}
      submitLabel={tag ? 'Save' : 'Add tag'}
      busy={save.isPending}
      error={unexplained(save.error, ['name', 'description', 'kind'])}
      onSubmit={handleSubmit((v) => save.mutate(v))}
      onClose={props.onClose}
    >
      {tag ? (
        <p>
          Kind: <strong>{kindLabel}</strong>
        </p>
      ) : (
        <Form.Group className="mb-3" controlId="tag-kind">
          <Form.Label>Kind</Form.Label>
          <Form.Select {...register('kind')}>
            {props.options.kinds.map((k) => (
              <option key={k.value} value={k.value}>
                {k.display_name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      <RegisteredTextField
        id="tag-name"
        label="Name"
        required
        help={tag ? 'A new name replaces the old one on every case or vulnerability carrying it.' : undefined}
        registration={register('name')}
        error={err('name')}
      />
      <RegisteredTextField
        id="tag-description"
        label="Description"
        multiline
        registration={register('description')}
        error={err('description')}
      />
    </FormModal>
  );
}

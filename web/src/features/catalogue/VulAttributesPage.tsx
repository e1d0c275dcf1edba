// Administrators keep the custom fields a vulnerability can carry: a name, a type (text, number, choice or
// date), the choices of a choice field (one per line) and whether it is required.
import { useState } from 'react';
import { Badge, Button, Form, Table } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  VUL_ATTRIBUTE_TYPES,
  vulAttributeCreateSchema,
  type VulAttribute,
  type VulAttributeCreate,
  type VulAttributeType,
} from '@cvdp/core/catalogue/index';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { NoDataRow } from '../../components/NoDataRow.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { FieldError, RegisteredTextField } from '../../components/form/index.ts';
import { ConfirmDeleteModal } from './components/ConfirmDeleteModal.tsx';
import { FormModal } from './components/FormModal.tsx';
import { RowActions } from './components/RowActions.tsx';
import { createVulAttribute, deleteVulAttribute, fetchVulAttributes, updateVulAttribute } from './api.ts';
import { bodyResolver, fieldMessage, unexplained } from './form.ts';

export const TYPE_LABELS: Record<VulAttributeType, string> = {
  text: 'Text',
  number: 'Number',
  choice: 'Choice',
  date: 'Date',
};

export interface AttributeValues {
  name: string;
  type: VulAttributeType;
  /** One choice a line. */
  choices: string;
  required: boolean;
}

/** What is sent: the choices' lines without blanks, and none unless the type is choice. */
export function attributeBody(v: AttributeValues): Required<VulAttributeCreate> {
  return {
    name: v.name,
    type: v.type,
    choices:
      v.type === 'choice'
        ? v.choices
            .split('\n')
            .map((c) => c.trim())
            .filter(Boolean)
        : [],
    required: v.required,
  };
}

export function VulAttributesPage() {
  usePageTitle('Vulnerability attributes');
  const client = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.catalogue.vulAttributes(), queryFn: fetchVulAttributes });
  const [editing, setEditing] = useState<VulAttribute | 'new' | null>(null);
  const [deleting, setDeleting] = useState<VulAttribute | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.catalogue.vulAttributes() });
  const rows = list.data ?? [];

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Vulnerability attributes</h1>
        <Button onClick={() => setEditing('new')}>Add attribute</Button>
      </div>
      <p className="text-muted">Custom fields a vulnerability can carry.</p>
      <ErrorAlert error={list.error} />
      {list.isPending ? (
        <PageSpinner label="Loading attributes…" />
      ) : (
        <div className="table-responsive position-relative">
          <Table size="sm" className="align-middle">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Choices</th>
                <th scope="col">Required</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.isSuccess && rows.length === 0 ? <NoDataRow colSpan={5} /> : null}
              {rows.map((a) => (
                <tr key={a.id}>
                  <td className="text-break">{a.name}</td>
                  <td>{TYPE_LABELS[a.type]}</td>
                  <td className="text-break">
                    {a.choices.map((c) => (
                      <Badge key={c} bg="secondary" className="me-1 fw-normal">
                        {c}
                      </Badge>
                    ))}
                  </td>
                  <td>{a.required ? 'Yes' : 'No'}</td>
                  <td>
                    <RowActions name={a.name} onEdit={() => setEditing(a)} onDelete={() => setDeleting(a)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {editing !== null && (
        <AttributeModal
          attribute={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      {deleting && (
        <ConfirmDeleteModal
          what={`the attribute “${deleting.name}”`}
          onConfirm={() => deleteVulAttribute(deleting.id)}
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

function AttributeModal(props: { attribute: VulAttribute | null; onClose(): void; onSaved(): void }) {
  const { attribute } = props;
  const { register, handleSubmit, formState, watch } = useForm<AttributeValues>({
    defaultValues: {
      name: attribute?.name ?? '',
      type: attribute?.type ?? 'text',
      choices: attribute?.choices.join('\n') ?? '',
      required: attribute?.required ?? false,
    },
    // Create and edit send the whole attribute, so both are checked by the create rules.
    resolver: bodyResolver(vulAttributeCreateSchema, attributeBody),
  });
  const save = useMutation({
    mutationFn: (v: AttributeValues) =>
      attribute ? updateVulAttribute(attribute.id, attributeBody(v)) : createVulAttribute(attributeBody(v)),
    onSuccess: props.onSaved,
  });
  const err = fieldMessage(formState.errors, save.error);
  const type = watch('type');
  return (
    <FormModal
      id="attribute"
      title={attribute ? `Edit attribute ${attribute.name}` : 'Add attribute'}
      submitLabel={attribute ? 'Save' : 'Add attribute'}
      busy={save.isPending}
      error={unexplained(save.error, ['name', 'type', 'choices', 'required'])}
      onSubmit={handleSubmit((v) => save.mutate(v))}
      onClose={props.onClose}
    >
      <RegisteredTextField
        id="attribute-name"
        label="Name"
        required
        registration={register('name')}
        error={err('name')}
      />
      <Form.Group className="mb-3" controlId="attribute-type">
        <Form.Label>Type</Form.Label>
        <Form.Select {...register('type')} isInvalid={!!err('type')}>
          {VUL_ATTRIBUTE_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </Form.Select>
        <FieldError message={err('type')} />
      </Form.Group>
      {type === 'choice' && (
        <RegisteredTextField
          id="attribute-choices"
          label="Choices"
          required
          multiline
          help="One choice a line."
          registration={register('choices')}
          error={err('choices')}
        />
      )}
      <Form.Check type="checkbox" id="attribute-required" label="Required" {...register('required')} />
    </FormModal>
  );
}

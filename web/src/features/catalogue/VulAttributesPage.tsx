// Administrators keep the custom fields a vulnerability can carry: a name, a type (text, number, choice or
// date), the choices of a choice field (one per line) and whether it is required.
import { Badge } from 'react-bootstrap';
import {
  VUL_ATTRIBUTE_TYPES,
  vulAttributeCreateSchema,
  type VulAttribute,
  type VulAttributeCreate,
  type VulAttributeType,
} from '@cvdp/core/catalogue/index';
import { CataloguePage } from '../../components/CataloguePage.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { CheckField, SelectField, TextField, mappedSchema, useZodForm } from '../../components/form/index.ts';
import {
  useCreateVulAttribute,
  useDeleteVulAttribute,
  useUpdateVulAttribute,
  useVulAttributes,
} from './api/index.ts';

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

// Create and edit send the whole attribute, so both are checked by the create rules.
const attributeForm = mappedSchema(attributeBody, vulAttributeCreateSchema);

export function VulAttributesPage() {
  return (
    <CataloguePage
      title="Vulnerability attributes"
      addLabel="Add attribute"
      intro={<p className="text-muted">Custom fields a vulnerability can carry.</p>}
      list={useVulAttributes()}
      loadingLabel="Loading attributes…"
      columns={[
        { key: 'name', header: 'Name', cellClassName: 'text-break', cell: (a) => a.name },
        { key: 'type', header: 'Type', cell: (a) => TYPE_LABELS[a.type] },
        {
          key: 'choices',
          header: 'Choices',
          cellClassName: 'text-break',
          cell: (a) =>
            a.choices.map((c) => (
              <Badge key={c} bg="secondary" className="me-1 fw-normal">
                {c}
              </Badge>
            )),
        },
        { key: 'required', header: 'Required', cell: (a) => (a.required ? 'Yes' : 'No') },
      ]}
      itemName={(a) => a.name}
      editor={({ item, close }) => <AttributeModal attribute={item} onClose={close} />}
      remove={useDeleteVulAttribute()}
      deleteTitle={(a) => `Delete the attribute “${a.name}”?`}
    />
  );
}

function AttributeModal(props: { attribute: VulAttribute | null; onClose(): void }) {
  const { attribute } = props;
  const form = useZodForm(attributeForm, {
    defaultValues: {
      name: attribute?.name ?? '',
      type: attribute?.type ?? 'text',
      choices: attribute?.choices.join('\n') ?? '',
      required: attribute?.required ?? false,
    },
  });
  const create = useCreateVulAttribute();
  const update = useUpdateVulAttribute();
  const save = attribute ? update : create;
  const type = form.watch('type');
  return (
    <FormModal
      form={form}
      title={attribute ? `Edit attribute ${attribute.name}` : 'Add attribute'}
      submitLabel={attribute ? 'Save' : 'Add attribute'}
      pending={save.isPending}
      error={save.error}
      onClose={props.onClose}
      onSubmit={(body) => {
        const done = { onSuccess: props.onClose };
        if (attribute) update.mutate({ id: attribute.id, input: body }, done);
        else create.mutate(body, done);
      }}
    >
      <TextField id="attribute-name" name="name" label="Name" required />
      <SelectField
        id="attribute-type"
        name="type"
        label="Type"
        options={VUL_ATTRIBUTE_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
      />
      {type === 'choice' && (
        <TextField
          id="attribute-choices"
          name="choices"
          label="Choices"
          required
          multiline
          help="One choice a line."
        />
      )}
      <CheckField id="attribute-required" name="required" label="Required" className="mb-0" />
    </FormModal>
  );
}

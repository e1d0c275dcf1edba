// Staff describe a vulnerability: title, description, CWEs (the CWE picker of the report form), CVE id,
// references (one URL a line), tags and a field per custom attribute of the catalogue (none: no fields). The
// shared schemas check it before it is sent; the server's field messages (an unknown CWE, a CVE id already
// used, an attribute's value) are shown under their fields.
import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { Controller, useForm } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { vulCreateSchema, type VulAttribute, type VulCreateInput, type Vulnerability } from '@cvdp/core';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { RegisteredTextField } from '../../../components/form/index.ts';
import { CweField } from '../../cwe/index.ts';
import { fieldErrors } from '../../../lib/api-client.ts';
import { createVul, fetchVulAttributes, updateVul } from '../api.ts';
import { schemaFieldErrors, serverFieldErrors } from '../form-errors.ts';
import {
  type AttributeFormValues,
  VulAttributeFields,
  attributeFormValues,
  attributeKey,
  attributeProblems,
  toAttributeInput,
} from './VulAttributeFields.tsx';

interface VulFormValues {
  title: string;
  description: string;
  cwes: string[];
  cve: string;
  references: string;
  tags: string;
  /** Custom attribute values by `a<id>`, as the inputs hold them. */
  attributes: AttributeFormValues;
}

const FIELDS = ['title', 'description', 'cwes', 'cve', 'references', 'tags'] as const;

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const toInput = (v: VulFormValues, definitions: readonly VulAttribute[]): VulCreateInput => ({
  title: v.title,
  description: v.description,
  cwes: v.cwes,
  cve: v.cve.trim() || null,
  references: lines(v.references),
  tags: v.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean),
  // Without attributes in the catalogue nothing is sent for them.
  ...(definitions.length ? { attributes: toAttributeInput(definitions, v.attributes) } : {}),
});

const fromVul = (vul?: Vulnerability): VulFormValues => ({
  title: vul?.title ?? '',
  description: vul?.description ?? '',
  cwes: vul?.cwes ?? [],
  cve: vul?.cve ?? '',
  references: vul?.references.join('\n') ?? '',
  tags: vul?.tags.join(', ') ?? '',
  attributes: attributeFormValues(vul?.attributes),
});

export function VulFormModal({
  caseId,
  vul,
  onClose,
  onSaved,
}: {
  caseId: number;
  /** The vulnerability to edit; without it a new one is created. */
  vul?: Vulnerability;
  onClose: () => void;
  onSaved?: (vul: Vulnerability) => void;
}) {
  const client = useQueryClient();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<VulFormValues>({ defaultValues: fromVul(vul) });
  const attributes = useQuery({ queryKey: queryKeys.vuls.attributes(), queryFn: fetchVulAttributes });
  const definitions = attributes.data ?? [];
  // A refusal without field messages (or about no field of the form) is shown above the buttons.
  const [otherError, setOtherError] = useState<unknown>(null);
  const save = useMutation({
    mutationFn: (input: VulCreateInput) => (vul ? updateVul(vul.id, input) : createVul(caseId, input)),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: queryKeys.vuls.all(caseId) });
      onSaved?.(saved);
      onClose();
    },
    onError: (error) => {
      const byField = serverFieldErrors(error);
      let shown = false;
      for (const field of FIELDS) {
        if (byField[field]) {
          setError(field, { message: byField[field] });
          shown = true;
        }
      }
      // An attribute's message comes as "attributes.<id>".
      for (const [path, messages] of Object.entries(fieldErrors(error))) {
        const id = /^attributes\.(\d+)$/.exec(path)?.[1];
        if (id && messages[0] && definitions.some((d) => String(d.id) === id)) {
          setError(`attributes.${attributeKey(id)}`, { message: messages[0] });
          shown = true;
        }
      }
      setOtherError(shown ? null : error);
    },
  });

  const submit = handleSubmit((values) => {
    setOtherError(null);
    const input = toInput(values, definitions);
    // Editing shows every field too, so one schema checks both (a PATCH accepts any of them).
    const parsed = vulCreateSchema.safeParse(input);
    const problems = attributeProblems(definitions, input.attributes ?? {});
    for (const [key, message] of Object.entries(problems)) setError(`attributes.${key}`, { message });
    if (!parsed.success) {
      const byField = schemaFieldErrors(parsed.error);
      for (const field of FIELDS) if (byField[field]) setError(field, { message: byField[field] });
      return;
    }
    if (Object.keys(problems).length) return;
    // What the schema made of it (trimmed, the CVE id upper-case) is what is sent.
    save.mutate(parsed.data);
  });

  const id = vul ? `vul-${vul.id}-form` : 'new-vul-form';
  const title = vul ? `Edit ${vul.label}` : 'New vulnerability';
  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`}>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <RegisteredTextField
            id={`${id}-title-field`}
            label="Title"
            registration={register('title')}
            error={errors.title?.message}
          />
          <RegisteredTextField
            id={`${id}-description`}
            label="Description"
            registration={register('description')}
            error={errors.description?.message}
            multiline
            required
          />
          <div className="mb-3" data-field="cwes">
            <label className="form-label" htmlFor={`${id}-cwes`}>
              CWEs
            </label>
            <Controller
              control={control}
              name="cwes"
              render={({ field, fieldState }) => (
                <CweField
                  id={`${id}-cwes`}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </div>
          <RegisteredTextField
            id={`${id}-cve`}
            label="CVE"
            registration={register('cve')}
            error={errors.cve?.message}
            help="Optional, e.g. CVE-2025-12345."
          />
          <RegisteredTextField
            id={`${id}-references`}
            label="References"
            registration={register('references')}
            error={errors.references?.message}
            help="http(s) links, one per line."
            multiline
          />
          <RegisteredTextField
            id={`${id}-tags`}
            label="Tags"
            registration={register('tags')}
            error={errors.tags?.message}
            help="Separated by commas."
          />
          <VulAttributeFields
            formId={id}
            definitions={definitions}
            registerAttribute={(key) => register(`attributes.${key}`)}
            errors={Object.fromEntries(
              Object.entries(errors.attributes ?? {}).map(([key, e]) => [key, e?.message]),
            )}
          />
          <ErrorAlert error={otherError} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {vul ? 'Save' : 'Create vulnerability'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

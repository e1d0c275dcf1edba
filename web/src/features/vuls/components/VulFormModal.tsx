// Staff describe a vulnerability: title, description, CWEs (the CWE picker of the report form), CVE id,
// references (one URL a line), tags and a field per custom attribute of the catalogue (none: no fields). The
// shared schemas check it before it is sent (vul-form.ts); the server's field messages (an unknown CWE, a CVE
// id already used, an attribute's value) are shown under their fields, any other refusal above the buttons.
import { useMemo } from 'react';
import { Controller, type Path } from 'react-hook-form';
import type { Vulnerability } from '@cvdp/core';
import { errorMessage } from '../../../lib/api-client.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { TextField, useZodForm } from '../../../components/form/index.ts';
import { CweField } from '../../cwe/index.ts';
import { useCreateVul, useUpdateVul, useVulAttributes } from '../api/index.ts';
import { VulAttributeFields } from './VulAttributeFields.tsx';
import { type VulFormValues, vulFormSchema, vulFormServerErrors, vulFormValues } from './vul-form.ts';

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
  const attributes = useVulAttributes();
  const definitions = useMemo(() => attributes.data ?? [], [attributes.data]);
  // The attribute rules come with the catalogue: the check is rebuilt when it has loaded.
  const schema = useMemo(() => vulFormSchema(definitions), [definitions]);
  const form = useZodForm(schema, { defaultValues: vulFormValues(vul) });
  const create = useCreateVul(caseId);
  const update = useUpdateVul(caseId);
  const save = vul ? update : create;
  const { unexplained } = vulFormServerErrors(save.error, definitions);

  const done = {
    onSuccess: (saved: Vulnerability) => {
      onSaved?.(saved);
      onClose();
    },
    // A message about a field goes under it (an attribute's by its id, which the form keys as a<id>).
    onError: (error: unknown) => {
      for (const [field, message] of Object.entries(vulFormServerErrors(error, definitions).byField))
        form.setError(field as Path<VulFormValues>, { type: 'server', message });
    },
  };

  const id = vul ? `vul-${vul.id}-form` : 'new-vul-form';
  return (
    <FormModal
      form={form}
      title={vul ? `Edit ${vul.label}` : 'New vulnerability'}
      submitLabel={vul ? 'Save' : 'Create vulnerability'}
      size="lg"
      pending={save.isPending}
      // Only a refusal that names none of the fields is shown above the buttons.
      error={unexplained ? errorMessage(save.error) : null}
      onClose={onClose}
      onSubmit={(body) => {
        if (vul) update.mutate({ vulId: vul.id, change: body }, done);
        else create.mutate(body, done);
      }}
    >
      <TextField id={`${id}-title-field`} name="title" label="Title" />
      <TextField id={`${id}-description`} name="description" label="Description" multiline required />
      <div className="mb-3" data-field="cwes">
        <label className="form-label" htmlFor={`${id}-cwes`}>
          CWEs
        </label>
        <Controller
          control={form.control}
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
      <TextField id={`${id}-cve`} name="cve" label="CVE" help="Optional, e.g. CVE-2025-12345." />
      <TextField
        id={`${id}-references`}
        name="references"
        label="References"
        help="http(s) links, one per line."
        multiline
      />
      <TextField id={`${id}-tags`} name="tags" label="Tags" help="Separated by commas." />
      <VulAttributeFields formId={id} definitions={definitions} />
    </FormModal>
  );
}

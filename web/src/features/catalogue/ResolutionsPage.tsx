// Administrators keep the resolutions a case is closed with: add, rename or describe, delete one no closed
// case uses (the server refuses one in use with the number of cases, shown in the dialog).
import type { ResolutionOption } from '@cvdp/core';
import { resolutionCreateSchema } from '@cvdp/core/catalogue/index';
import { CataloguePage } from '../../components/CataloguePage.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { TextField, useZodForm } from '../../components/form/index.ts';
import {
  useCreateResolution,
  useDeleteResolution,
  useResolutions,
  useUpdateResolution,
} from './api/index.ts';

export function ResolutionsPage() {
  return (
    <CataloguePage
      title="Resolutions"
      addLabel="Add resolution"
      intro={<p className="text-muted">The resolutions a coordinator can choose when closing a case.</p>}
      list={useResolutions()}
      loadingLabel="Loading resolutions…"
      columns={[
        {
          key: 'name',
          header: 'Name',
          headerStyle: { minWidth: '8rem' },
          cellClassName: 'text-break',
          cell: (r) => r.name,
        },
        {
          key: 'description',
          header: 'Description',
          cellClassName: 'text-break',
          cell: (r) => r.description,
        },
      ]}
      itemName={(r) => r.name}
      editor={({ item, close }) => <ResolutionModal resolution={item} onClose={close} />}
      remove={useDeleteResolution()}
      deleteTitle={(r) => `Delete the resolution “${r.name}”?`}
    />
  );
}

function ResolutionModal(props: { resolution: ResolutionOption | null; onClose(): void }) {
  const { resolution } = props;
  // An edit sends both fields too, so the create rules check it.
  const form = useZodForm(resolutionCreateSchema, {
    defaultValues: { name: resolution?.name ?? '', description: resolution?.description ?? '' },
  });
  const create = useCreateResolution();
  const update = useUpdateResolution();
  const save = resolution ? update : create;
  return (
    <FormModal
      form={form}
      title={resolution ? `Edit resolution ${resolution.name}` : 'Add resolution'}
      submitLabel={resolution ? 'Save' : 'Add resolution'}
      pending={save.isPending}
      error={save.error}
      onClose={props.onClose}
      onSubmit={(body) => {
        const done = { onSuccess: props.onClose };
        if (resolution) update.mutate({ id: resolution.id, input: body }, done);
        else create.mutate(body, done);
      }}
    >
      <TextField id="resolution-name" name="name" label="Name" required />
      <TextField id="resolution-description" name="description" label="Description" multiline />
    </FormModal>
  );
}

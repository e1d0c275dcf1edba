// Administrators keep the tags, one table per kind (the kinds and their labels are the server's: OPTIONS
// manage/tags/). Renaming a tag renames it on every case or vulnerability carrying it; one in use cannot be
// deleted (the server says how many carry it, shown in the dialog).
import { tagCreateSchema, type Tag, type TagKind } from '@cvdp/core/catalogue/index';
import { CataloguePage } from '../../components/CataloguePage.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { SelectField, TextField, useZodForm } from '../../components/form/index.ts';
import {
  useCreateTag,
  useDeleteTag,
  useTagOptions,
  useTags,
  useUpdateTag,
  type TagOptions,
} from './api/index.ts';

export function TagsPage() {
  const tags = useTags();
  const options = useTagOptions();
  const kinds = options.data?.kinds ?? [];
  const kindLabel = (kind: TagKind) => kinds.find((k) => k.value === kind)?.display_name ?? kind;
  return (
    <CataloguePage<Tag, TagKind>
      title="Tags"
      intro={
        <p className="text-muted">
          Tags coordinators put on cases and vulnerabilities. Renaming a tag renames it wherever it is used.
        </p>
      }
      list={{
        data: options.data ? tags.data : undefined,
        error: tags.error ?? options.error,
        isPending: tags.isPending || options.isPending,
      }}
      loadingLabel="Loading tags…"
      sections={(rows) =>
        kinds.map((kind) => ({
          id: `tags-${kind.value}`,
          heading: `${kind.display_name} tags`,
          addLabel: `Add ${kind.display_name.toLowerCase()} tag`,
          rows: rows.filter((t) => t.kind === kind.value),
          newItem: kind.value,
        }))
      }
      columns={[
        {
          key: 'name',
          header: 'Name',
          headerStyle: { minWidth: '8rem' },
          cellClassName: 'text-break',
          cell: (t) => t.name,
        },
        {
          key: 'description',
          header: 'Description',
          cellClassName: 'text-break',
          cell: (t) => t.description,
        },
      ]}
      itemName={(t) => `${kindLabel(t.kind).toLowerCase()} tag ${t.name}`}
      editor={({ item, newItem, close }) =>
        options.data ? (
          <TagModal
            tag={item}
            kind={item?.kind ?? newItem ?? 'case'}
            options={options.data}
            onClose={close}
          />
        ) : null
      }
      remove={useDeleteTag()}
      deleteTitle={(t) => `Delete the tag “${t.name}”?`}
    />
  );
}

function TagModal(props: { tag: Tag | null; kind: TagKind; options: TagOptions; onClose(): void }) {
  const { tag } = props;
  // An edit sends name and description (the kind stays), both checked by the same rules as a new tag's.
  const form = useZodForm(tagCreateSchema, {
    defaultValues: { kind: props.kind, name: tag?.name ?? '', description: tag?.description ?? '' },
  });
  const create = useCreateTag();
  const update = useUpdateTag();
  const save = tag ? update : create;
  const kindLabel = props.options.kinds.find((k) => k.value === props.kind)?.display_name ?? props.kind;
  return (
    <FormModal
      form={form}
      title={tag ? `Edit tag ${tag.name}` : 'Add tag'}
      submitLabel={tag ? 'Save' : 'Add tag'}
      pending={save.isPending}
      error={save.error}
      onClose={props.onClose}
      onSubmit={({ kind, name, description }) => {
        const input = { name, description };
        const done = { onSuccess: props.onClose };
        if (tag) update.mutate({ id: tag.id, input }, done);
        else create.mutate({ kind: kind ?? props.kind, input }, done);
      }}
    >
      {tag ? (
        <p>
          Kind: <strong>{kindLabel}</strong>
        </p>
      ) : (
        <SelectField
          id="tag-kind"
          name="kind"
          label="Kind"
          options={props.options.kinds.map((k) => ({ value: k.value, label: k.display_name }))}
        />
      )}
      <TextField
        id="tag-name"
        name="name"
        label="Name"
        required
        help={tag ? 'A new name replaces the old one on every case or vulnerability carrying it.' : undefined}
      />
      <TextField id="tag-description" name="description" label="Description" multiline />
    </FormModal>
  );
}

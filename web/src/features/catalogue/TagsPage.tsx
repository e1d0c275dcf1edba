// Administrators keep the tags as they are used, one table per kind (the kinds and their labels are the
// server's: OPTIONS manage/tags/): the catalogue's tags and every name a case or vulnerability carries,
// each with how many carry it. Any of them can be renamed (everywhere), merged into another of its kind or
// deleted (from everything carrying it, after a dialog that says how many do); each change says it happened.
import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { tagCreateSchema, type TagKind } from '@cvdp/core/catalogue/index';
import { tagCarriers, type TagRemoved, type TagUsage } from '@cvdp/core/catalogue/tag-usage';
import { CataloguePage, type CatalogueRemove } from '../../components/CataloguePage.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { SelectField, TextField, useZodForm } from '../../components/form/index.ts';
import {
  useCreateTag,
  useRemoveTag,
  useRenameTag,
  useTagOptions,
  useTagUsage,
  type TagOptions,
} from './api/index.ts';
import { MergeTagModal } from './MergeTagModal.tsx';

/** A tag as the page lists it: keyed by kind and name without case (a carried name has no catalogue id). */
export interface TagRow extends TagUsage {
  id: string;
}
const tagKey = (t: { kind: TagKind; name: string }) => `${t.kind}:${t.name.toLowerCase()}`;

export function TagsPage() {
  const usage = useTagUsage();
  const options = useTagOptions();
  const [notice, setNotice] = useState<string | null>(null);
  const [merging, setMerging] = useState<TagRow | null>(null);
  const removeTag = useRemoveTag();
  const rows = usage.data?.map((t): TagRow => ({ ...t, id: tagKey(t) }));
  const kinds = options.data?.kinds ?? [];
  const kindLabel = (kind: TagKind) => kinds.find((k) => k.value === kind)?.display_name ?? kind;
  const name = (t: TagRow) => `${kindLabel(t.kind).toLowerCase()} tag ${t.name}`;
  // The dialog deletes by the row's key; the server is told the tag's kind and name.
  const remove: CatalogueRemove<string, TagRemoved> = {
    mutate: (key, done) => {
      const row = rows?.find((r) => r.id === key);
      if (row) removeTag.mutate({ kind: row.kind, name: row.name }, done);
    },
    isPending: removeTag.isPending,
    error: removeTag.error,
    reset: removeTag.reset,
  };
  return (
    <CataloguePage<TagRow, TagKind, TagRemoved>
      title="Tags"
      intro={
        <p className="text-muted">
          Tags coordinators put on cases and vulnerabilities, with how many carry each — tags typed on a case
          or vulnerability are listed too. Renaming, merging or deleting a tag changes everything that carries
          it.
        </p>
      }
      list={{
        data: options.data ? rows : undefined,
        error: usage.error ?? options.error,
        isPending: usage.isPending || options.isPending,
      }}
      loadingLabel="Loading tags…"
      table={{ layout: 'stack' }}
      actionsClassName="text-md-end"
      sections={(all) =>
        kinds.map((kind) => ({
          id: `tags-${kind.value}`,
          heading: `${kind.display_name} tags`,
          addLabel: `Add ${kind.display_name.toLowerCase()} tag`,
          rows: all.filter((t) => t.kind === kind.value),
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
          cell: (t) =>
            t.catalogue_id === null ? (
              <span className="text-muted">Not in the catalogue</span>
            ) : (
              t.description
            ),
        },
        { key: 'used', header: 'Used by', cell: (t) => tagCarriers(t.kind, t.used_by) },
      ]}
      itemName={name}
      rowActions={(t) => (
        <Button
          size="sm"
          variant="outline-secondary"
          aria-label={`Merge ${name(t)}`}
          onClick={() => setMerging(t)}
        >
          Merge
        </Button>
      )}
      editor={({ item, newItem, close }) =>
        options.data ? (
          <TagModal
            tag={item}
            kind={item?.kind ?? newItem ?? 'case'}
            options={options.data}
            onClose={close}
            onDone={(text) => {
              close();
              setNotice(text);
            }}
          />
        ) : null
      }
      remove={remove}
      deleteTitle={(t) => `Delete the tag “${t.name}”?`}
      deleteBody={(t) => (
        <p className="mb-0">
          {t.used_by
            ? `It is removed from ${tagCarriers(t.kind, t.used_by)}`
            : `No ${t.kind === 'case' ? 'case' : 'vulnerability'} carries it`}
          {t.catalogue_id === null ? '.' : ' and from the catalogue.'} This cannot be undone.
        </p>
      )}
      onRemoved={(t, result) =>
        setNotice(`Tag “${t.name}” deleted; it was removed from ${tagCarriers(t.kind, result.removed_from)}.`)
      }
    >
      <div role="status" aria-live="polite">
        {notice && (
          <Alert variant="success" dismissible onClose={() => setNotice(null)} closeLabel="Dismiss message">
            {notice}
          </Alert>
        )}
      </div>
      {merging && rows && (
        <MergeTagModal
          source={merging}
          targets={rows.filter((r) => r.kind === merging.kind && r.id !== merging.id)}
          onClose={() => setMerging(null)}
          onDone={(text) => {
            setMerging(null);
            setNotice(text);
          }}
        />
      )}
    </CataloguePage>
  );
}

function TagModal(props: {
  tag: TagRow | null;
  kind: TagKind;
  options: TagOptions;
  onClose(): void;
  onDone(notice: string): void;
}) {
  const { tag } = props;
  // An edit sends name and description (the kind stays), both checked by the same rules as a new tag's.
  const form = useZodForm(tagCreateSchema, {
    defaultValues: { kind: props.kind, name: tag?.name ?? '', description: tag?.description ?? '' },
  });
  const create = useCreateTag();
  const rename = useRenameTag();
  const save = tag ? rename : create;
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
        if (!tag) {
          create.mutate(
            { kind: kind ?? props.kind, input: { name, description } },
            { onSuccess: (created) => props.onDone(`Tag “${created.name}” added.`) },
          );
          return;
        }
        // A tag only carried keeps no empty description: it joins the catalogue when given one.
        const body = { kind: tag.kind, name: tag.name, new_name: name };
        rename.mutate(tag.catalogue_id === null && !description ? body : { ...body, description }, {
          onSuccess: (renamed) =>
            props.onDone(
              renamed.name === tag.name
                ? `Tag “${renamed.name}” saved.`
                : `Tag “${tag.name}” renamed to “${renamed.name}” on ${tagCarriers(tag.kind, renamed.used_by)}.`,
            ),
        });
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
      <TextField
        id="tag-description"
        name="description"
        label="Description"
        multiline
        help={
          tag?.catalogue_id === null ? 'With a description the tag is added to the catalogue.' : undefined
        }
      />
    </FormModal>
  );
}

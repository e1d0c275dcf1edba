// Merging a tag into another of its kind: every case or vulnerability carrying the source carries the
// target instead (once), and the source is gone from them and from the catalogue. The dialog names what
// moves and how many carry it; the form is checked by the server's merge schema.
import { useMemo } from 'react';
import { tagCarriers, tagMergeSchema } from '@cvdp/core/catalogue/tag-usage';
import { FormModal } from '../../components/FormModal.tsx';
import { SelectField, mappedSchema, useZodForm } from '../../components/form/index.ts';
import { useMergeTags } from './api/index.ts';
import type { TagRow } from './TagsPage.tsx';

export function MergeTagModal(props: {
  source: TagRow;
  /** The other tags of the source's kind. */
  targets: readonly TagRow[];
  onClose(): void;
  onDone(notice: string): void;
}) {
  const { source, targets } = props;
  const merge = useMergeTags();
  const schema = useMemo(
    () =>
      mappedSchema(
        (v: { target: string }) => ({ kind: source.kind, source: source.name, target: v.target }),
        tagMergeSchema,
      ),
    [source],
  );
  const form = useZodForm(schema, { defaultValues: { target: targets[0]?.name ?? '' } });
  const carriers = tagCarriers(source.kind, source.used_by);
  return (
    <FormModal
      form={form}
      title={`Merge tag ${source.name}`}
      submitLabel="Merge"
      pending={merge.isPending}
      error={merge.error}
      disabled={targets.length === 0}
      onClose={props.onClose}
      onSubmit={(body) =>
        merge.mutate(body, {
          onSuccess: (merged) =>
            props.onDone(
              `Tag “${source.name}” merged into “${merged.name}”, which ${tagCarriers(merged.kind, merged.used_by)} now carry.`,
            ),
        })
      }
    >
      <p>
        “{source.name}” is on {carriers}. Merged, they carry the tag chosen here instead, and “{source.name}”
        is deleted. This cannot be undone.
      </p>
      {targets.length ? (
        <SelectField
          id="merge-target"
          name="target"
          label="Merge into"
          required
          options={targets.map((t) => ({
            value: t.name,
            label: `${t.name} (${tagCarriers(t.kind, t.used_by)})`,
          }))}
        />
      ) : (
        <p className="mb-0">There is no other tag of this kind to merge it into.</p>
      )}
    </FormModal>
  );
}

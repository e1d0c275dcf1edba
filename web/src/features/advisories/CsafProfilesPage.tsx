// Administrators keep the CSAF profiles: who publishes the CSAF documents of the advisories (publisher name
// and category, namespace, contact, issuing authority, default TLP). A case's CSAF settings pick one. A
// profile is added and edited in a dialog (an edit sends only the fields changed) and deleted after a
// confirmation (cases that used it are published by the instance again).
import type { CsafProfile, CsafProfilePatchInput } from '@cvdp/core';
import { CSAF_PUBLISHER_CATEGORIES, CSAF_TLP_LABELS, csafProfileCreateSchema } from '@cvdp/core';
import { CataloguePage } from '../../components/CataloguePage.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { SelectField, TextField, useZodForm } from '../../components/form/index.ts';
import {
  useCreateCsafProfile,
  useCsafProfiles,
  useDeleteCsafProfile,
  useUpdateCsafProfile,
} from './api/index.ts';

const PUBLISHER_CATEGORIES = CSAF_PUBLISHER_CATEGORIES.map((c) => ({ value: c, label: c }));
const TLP_LABELS = CSAF_TLP_LABELS.map((t) => ({ value: t, label: t }));

export function CsafProfilesPage() {
  return (
    <CataloguePage
      title="CSAF profiles"
      addLabel="Add profile"
      intro={null}
      list={useCsafProfiles()}
      loadingLabel="Loading CSAF profiles…"
      columns={[
        { key: 'name', header: 'Name', cellClassName: 'text-break', cell: (p) => p.name },
        { key: 'publisher', header: 'Publisher', cellClassName: 'text-break', cell: (p) => p.publisher_name },
        { key: 'category', header: 'Category', cell: (p) => p.publisher_category },
        { key: 'namespace', header: 'Namespace', cellClassName: 'text-break', cell: (p) => p.namespace },
        { key: 'default_tlp', header: 'Default TLP', cell: (p) => p.default_tlp },
      ]}
      // On a phone each profile becomes a block of label/value lines, its Edit and Delete under them.
      table={{ layout: 'stack' }}
      itemName={(p) => p.name}
      editor={({ item, close }) => <ProfileModal profile={item} onClose={close} />}
      remove={useDeleteCsafProfile()}
      deleteTitle={(p) => `Delete the CSAF profile ${p.name}?`}
      deleteBody={() => <p className="mb-0">Cases that use it are published by this CVDP instance again.</p>}
    />
  );
}

/** A new profile, or the edit of one: an edit sends only the fields changed, and nothing when none did. */
function ProfileModal(props: { profile: CsafProfile | null; onClose(): void }) {
  const { profile, onClose } = props;
  const initial = {
    name: profile?.name ?? '',
    publisher_category: profile?.publisher_category ?? 'coordinator',
    publisher_name: profile?.publisher_name ?? '',
    namespace: profile?.namespace ?? '',
    contact_details: profile?.contact_details ?? '',
    issuing_authority: profile?.issuing_authority ?? '',
    default_tlp: profile?.default_tlp ?? 'CLEAR',
  };
  // An edit shows every field, so the create rules check it.
  const form = useZodForm(csafProfileCreateSchema, { defaultValues: initial });
  const create = useCreateCsafProfile();
  const update = useUpdateCsafProfile();
  const save = profile ? update : create;
  return (
    <FormModal
      form={form}
      title={profile ? 'Edit CSAF profile' : 'New CSAF profile'}
      submitLabel={profile ? 'Save changes' : 'Add profile'}
      pending={save.isPending}
      error={save.error}
      onClose={onClose}
      onSubmit={(values) => {
        const done = { onSuccess: onClose };
        if (!profile) {
          create.mutate(values, done);
          return;
        }
        const change = Object.fromEntries(
          Object.entries(values).filter(([k, v]) => v !== initial[k as keyof typeof initial]),
        ) as CsafProfilePatchInput;
        if (Object.keys(change).length === 0) onClose();
        else update.mutate({ id: profile.id, change }, done);
      }}
    >
      <TextField id="csaf-name" name="name" label="Name" required />
      <TextField id="csaf-publisher-name" name="publisher_name" label="Publisher name" required />
      <SelectField
        id="csaf-publisher-category"
        name="publisher_category"
        label="Publisher category"
        options={PUBLISHER_CATEGORIES}
      />
      <TextField
        id="csaf-namespace"
        name="namespace"
        label="Namespace"
        required
        help="An https:// address or a urn: the publisher controls."
      />
      <TextField id="csaf-contact" name="contact_details" label="Contact details" />
      <TextField id="csaf-authority" name="issuing_authority" label="Issuing authority" multiline />
      <SelectField id="csaf-default-tlp" name="default_tlp" label="Default TLP" options={TLP_LABELS} />
    </FormModal>
  );
}

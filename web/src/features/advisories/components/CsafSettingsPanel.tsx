// A case's CSAF settings (staff): which CSAF profile publishes its documents (else the instance), the
// document category, the TLP label (none: AMBER until published, then the profile's default), the tracking
// id pattern ({case}, {year}) and, per vendor, how it appears in the product tree (its name, one product
// name, a CPE or package URL for rows that give none). Checked here with core's schema, then by the server;
// every message shows under its field and nothing typed is lost on an error.
import { useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import type { CsafSettings, CsafSettingsInput, CsafVendorOverride, Participant } from '@cvdp/core';
import { CSAF_ADVISORY_CATEGORIES, CSAF_TLP_LABELS, csafSettingsSchema, csafTrackingId } from '@cvdp/core';
import { fieldErrors } from '../../../lib/api-client.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FieldError } from '../../../components/form/index.ts';
import { useCsafSettings, useSaveCsafSettings, useVendorParticipants } from '../api/index.ts';

export const CSAF_SETTINGS_SAVED = 'CSAF settings saved.';
const INSTANCE_PUBLISHER = 'None: this CVDP instance publishes';
const DEFAULT_TLP = 'Default: AMBER until published, then the profile’s';

const OVERRIDE_FIELDS = [
  ['vendor_name', 'Vendor name'],
  ['product_name', 'Product name'],
  ['cpe', 'CPE 2.3'],
  ['purl', 'Package URL'],
] as const;
type OverrideField = (typeof OVERRIDE_FIELDS)[number][0];

interface Values {
  profile: string;
  category: string;
  tlp: string;
  tracking_id_pattern: string;
  /** Per vendor participant, keyed `v{id}` (a numeric key would read as an array index to the form). */
  vendors: Record<string, Record<OverrideField, string>>;
}

function valuesOf(settings: CsafSettings, vendors: Participant[]): Values {
  const stored = settings.product_tree_overrides.vendors ?? {};
  return {
    profile: settings.profile ? String(settings.profile.id) : '',
    category: settings.category,
    tlp: settings.tlp ?? '',
    tracking_id_pattern: settings.tracking_id_pattern,
    vendors: Object.fromEntries(
      vendors.map((v) => {
        const o: CsafVendorOverride = stored[String(v.id)] ?? {};
        return [
          `v${v.id}`,
          {
            vendor_name: o.vendor_name ?? '',
            product_name: o.product_name ?? '',
            cpe: o.cpe ?? '',
            purl: o.purl ?? '',
          },
        ];
      }),
    ),
  };
}

/** The body the server takes: empty override fields left out, vendors without any left out. */
function bodyOf(values: Values): CsafSettingsInput {
  const vendors: Record<string, CsafVendorOverride> = {};
  for (const [id, fields] of Object.entries(values.vendors ?? {})) {
    const kept = Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim() !== ''));
    if (Object.keys(kept).length) vendors[id.slice(1)] = kept;
  }
  return {
    profile: values.profile ? Number(values.profile) : null,
    category: values.category as CsafSettingsInput['category'],
    tlp: values.tlp ? (values.tlp as CsafSettingsInput['tlp']) : null,
    tracking_id_pattern: values.tracking_id_pattern,
    product_tree_overrides: { vendors },
  };
}

export function CsafSettingsPanel({ caseId }: { caseId: number }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const settings = useCsafSettings(caseId);
  const s = settings.data;
  return (
    <section aria-labelledby="advisory-csaf-settings-title" className="mt-4">
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <h3 id="advisory-csaf-settings-title" className="h6 mb-0 me-auto">
          CSAF settings
        </h3>
        {s && !editing && (
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            Edit CSAF settings
          </Button>
        )}
      </div>
      <ErrorAlert error={settings.error} prefix="An error occurred: " />
      {saved && !editing ? (
        <Alert variant="success" className="py-2" role="status">
          {CSAF_SETTINGS_SAVED}
        </Alert>
      ) : null}
      {s && !editing && (
        <dl className="row small mb-0">
          <dt className="col-sm-4">Publisher profile</dt>
          <dd className="col-sm-8 text-break">{s.profile?.name ?? INSTANCE_PUBLISHER}</dd>
          <dt className="col-sm-4">Category</dt>
          <dd className="col-sm-8">{s.category}</dd>
          <dt className="col-sm-4">TLP</dt>
          <dd className="col-sm-8">{s.tlp ?? DEFAULT_TLP}</dd>
          <dt className="col-sm-4">Tracking id</dt>
          <dd className="col-sm-8 text-break">
            {s.tracking_id} <span className="text-body-secondary">({s.tracking_id_pattern})</span>
          </dd>
          <dt className="col-sm-4">Product tree overrides</dt>
          <dd className="col-sm-8">{Object.keys(s.product_tree_overrides.vendors ?? {}).length || 'None'}</dd>
        </dl>
      )}
      {s && editing && (
        <SettingsForm
          caseId={caseId}
          settings={s}
          onDone={(done) => {
            setSaved(done);
            setEditing(false);
          }}
        />
      )}
    </section>
  );
}

function SettingsForm({
  caseId,
  settings,
  onDone,
}: {
  caseId: number;
  settings: CsafSettings;
  onDone: (saved: boolean) => void;
}) {
  const vendors = useVendorParticipants(caseId);
  if (vendors.isPending) return <p className="small text-body-secondary">Loading the vendors…</p>;
  if (vendors.error) return <ErrorAlert error={vendors.error} prefix="An error occurred: " />;
  // The settings carry every profile's name for the choice: administrators keep profiles, coordinators pick.
  const profileOptions = settings.profile_choices;
  return (
    <Editor
      caseId={caseId}
      settings={settings}
      vendors={vendors.data}
      profileOptions={profileOptions}
      onSaved={() => onDone(true)}
      onCancel={() => onDone(false)}
    />
  );
}

function Editor({
  caseId,
  settings,
  vendors,
  profileOptions,
  onSaved,
  onCancel,
}: {
  caseId: number;
  settings: CsafSettings;
  vendors: Participant[];
  profileOptions: { id: number; name: string }[];
  /** After the answer replaced the cached settings (the save hook does that). */
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { register, handleSubmit, watch } = useForm<Values>({
    defaultValues: valuesOf(settings, vendors),
  });
  const [localErrors, setLocalErrors] = useState<Record<string, string[]>>({});
  const save = useSaveCsafSettings(caseId);
  const errors = { ...fieldErrors(save.error), ...localErrors };
  const err = (name: string) => errors[name]?.[0];
  const pattern = watch('tracking_id_pattern');
  const preview = pattern?.includes('{case}')
    ? csafTrackingId(pattern, caseId, new Date().getUTCFullYear())
    : null;

  const submit = handleSubmit((values) => {
    const body = bodyOf(values);
    const checked = csafSettingsSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string[]> = {};
      for (const issue of checked.error.issues)
        (found[issue.path.map(String).join('.')] ??= []).push(issue.message);
      setLocalErrors(found);
      save.reset();
      return;
    }
    setLocalErrors({});
    save.mutate(body, { onSuccess: onSaved });
  });
  const unexplained = save.error && Object.keys(fieldErrors(save.error)).length === 0;

  return (
    <Form
      noValidate
      aria-label="CSAF settings"
      onSubmit={submit}
      className="border rounded p-3 bg-body text-break"
    >
      <Form.Group className="mb-3" controlId="csaf-settings-profile">
        <Form.Label>Publisher profile</Form.Label>
        <Form.Select
          {...register('profile')}
          isInvalid={Boolean(err('profile'))}
          aria-describedby="csaf-settings-profile-help"
        >
          <option value="">{INSTANCE_PUBLISHER}</option>
          {profileOptions.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.name}
            </option>
          ))}
        </Form.Select>
        <Form.Text id="csaf-settings-profile-help" muted>
          {profileOptions.length > 0
            ? 'Who publishes the CSAF documents of this case. Administrators keep the profiles.'
            : 'No CSAF profiles yet: the instance publishes. Administrators add profiles.'}
        </Form.Text>
        <FieldError message={err('profile')} id="csaf-settings-profile-error" />
      </Form.Group>
      <div className="row">
        <Form.Group className="mb-3 col-sm-6" controlId="csaf-settings-category">
          <Form.Label>Document category</Form.Label>
          <Form.Select {...register('category')} isInvalid={Boolean(err('category'))}>
            {CSAF_ADVISORY_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Form.Select>
          <FieldError message={err('category')} id="csaf-settings-category-error" />
        </Form.Group>
        <Form.Group className="mb-3 col-sm-6" controlId="csaf-settings-tlp">
          <Form.Label>TLP</Form.Label>
          <Form.Select {...register('tlp')} isInvalid={Boolean(err('tlp'))}>
            <option value="">{DEFAULT_TLP}</option>
            {CSAF_TLP_LABELS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Form.Select>
          <FieldError message={err('tlp')} id="csaf-settings-tlp-error" />
        </Form.Group>
      </div>
      <Form.Group className="mb-3" controlId="csaf-settings-pattern">
        <Form.Label>Tracking id pattern</Form.Label>
        <Form.Control
          type="text"
          {...register('tracking_id_pattern')}
          isInvalid={Boolean(err('tracking_id_pattern'))}
          aria-invalid={err('tracking_id_pattern') ? true : undefined}
          aria-describedby="csaf-settings-pattern-help csaf-settings-pattern-error"
        />
        <Form.Text id="csaf-settings-pattern-help" muted>
          {'{case} is the case number, {year} the year of the first revision.'}
          {preview ? ` This case: ${preview}` : ''}
        </Form.Text>
        <FieldError message={err('tracking_id_pattern')} id="csaf-settings-pattern-error" />
      </Form.Group>

      <fieldset className="mb-3">
        <legend className="fs-6">Product tree overrides</legend>
        <p className="small text-body-secondary mb-2">
          How each vendor appears in the product tree. Empty fields keep what the vendor’s status rows say; a
          CPE or package URL is used for rows that give none.
        </p>
        {vendors.length === 0 ? (
          <p className="small text-body-secondary">No vendors take part in this case.</p>
        ) : (
          vendors.map((v) => (
            <fieldset key={v.id} className="border rounded p-2 mb-2">
              <legend className="fs-6 float-none w-auto px-1 mb-1 text-break">{v.name}</legend>
              <div className="row">
                {OVERRIDE_FIELDS.map(([field, label]) => {
                  const path = `product_tree_overrides.vendors.${v.id}.${field}`;
                  const id = `csaf-override-${v.id}-${field}`;
                  return (
                    <Form.Group key={field} className="mb-2 col-sm-6" controlId={id}>
                      <Form.Label className="small mb-0">{label}</Form.Label>
                      <Form.Control
                        size="sm"
                        type="text"
                        {...register(`vendors.v${v.id}.${field}`)}
                        isInvalid={Boolean(err(path))}
                        aria-invalid={err(path) ? true : undefined}
                        aria-describedby={err(path) ? `${id}-error` : undefined}
                      />
                      <FieldError message={err(path)} id={`${id}-error`} />
                    </Form.Group>
                  );
                })}
              </div>
            </fieldset>
          ))
        )}
        <FieldError message={err('product_tree_overrides')} />
      </fieldset>

      {unexplained ? <ErrorAlert error={save.error} /> : null}
      {save.error && !unexplained ? (
        <Alert variant="danger" className="py-2" role="alert">
          The settings were not saved: see the messages under the fields.
        </Alert>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save CSAF settings
        </Button>
        <Button size="sm" variant="outline-secondary" disabled={save.isPending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

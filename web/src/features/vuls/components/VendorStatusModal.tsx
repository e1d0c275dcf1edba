// One cell of the vendor × vulnerability grid: its status, the VEX justification when not affected, the
// product and its affected and fixed versions (free text, with an optional CPE 2.3 name and package URL) and
// a statement. The vendor's members edit their own row, staff every row; everyone else reads it.
import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import {
  VENDOR_STATUSES,
  VENDOR_STATUS_LABELS,
  VEX_JUSTIFICATIONS,
  VEX_JUSTIFICATION_LABELS,
  vendorStatusInputSchema,
  type VendorStatusCell,
  type VendorStatusInput,
  type VendorStatusValue,
  type VexJustification,
} from '@cvdp/core';
import { formatDateTime } from '../../../lib/format.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FieldError, RequiredMark } from '../../../components/form/index.ts';
import { useSaveVendorStatus } from '../api/index.ts';
import { schemaFieldErrors, serverFieldErrors } from '../form-errors.ts';
import { VendorStatusBadge } from './badges.tsx';

export interface CellTarget {
  vendor: { participant: number; name: string; can_edit: boolean };
  vul: { id: number; label: string; title: string };
  cell: VendorStatusCell | null;
}

type TextKey = 'product' | 'affected_versions' | 'fixed_versions' | 'cpe' | 'purl' | 'statement';
const TEXT_FIELDS: { key: TextKey; label: string; help?: string; multiline?: boolean }[] = [
  { key: 'product', label: 'Product' },
  { key: 'affected_versions', label: 'Affected versions', help: 'e.g. 2.0 to 2.3.1' },
  { key: 'fixed_versions', label: 'Fixed versions', help: 'e.g. 2.3.2' },
  { key: 'cpe', label: 'CPE', help: 'Optional CPE 2.3 name, e.g. cpe:2.3:a:acme:widget:2.0:*:*:*:*:*:*:*' },
  { key: 'purl', label: 'Package URL (purl)', help: 'Optional, e.g. pkg:npm/widget@2.0.0' },
  { key: 'statement', label: 'Statement', multiline: true },
];

interface CellForm extends Record<TextKey, string> {
  status: VendorStatusValue;
  justification: VexJustification | '';
}

const initial = (cell: VendorStatusCell | null): CellForm => ({
  status: cell?.status ?? 'unknown',
  justification: cell?.justification ?? '',
  product: cell?.product ?? '',
  affected_versions: cell?.affected_versions ?? '',
  fixed_versions: cell?.fixed_versions ?? '',
  cpe: cell?.cpe ?? '',
  purl: cell?.purl ?? '',
  statement: cell?.statement ?? '',
});

function ReadOnlyCell({ cell }: { cell: VendorStatusCell | null }) {
  if (!cell) return <p className="mb-0">No status given yet (unknown).</p>;
  return (
    <dl className="mb-0">
      <dt>Status</dt>
      <dd>
        <VendorStatusBadge status={cell.status} />
      </dd>
      {cell.justification && (
        <>
          <dt>Justification</dt>
          <dd>{VEX_JUSTIFICATION_LABELS[cell.justification]}</dd>
        </>
      )}
      {TEXT_FIELDS.map((f) =>
        cell[f.key] ? (
          <div key={f.key}>
            <dt>{f.label}</dt>
            <dd className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
              {cell[f.key]}
            </dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

export function VendorStatusModal({
  caseId,
  target,
  onClose,
}: {
  caseId: number;
  target: CellTarget;
  onClose: () => void;
}) {
  const { vendor, vul, cell } = target;
  const [values, setValues] = useState(() => initial(cell));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [otherError, setOtherError] = useState<unknown>(null);
  const save = useSaveVendorStatus(caseId);
  const set = <K extends keyof CellForm>(key: K, value: CellForm[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  const id = `status-${vendor.participant}-${vul.id}`;
  const title = `${vendor.name} · ${vul.label}`;

  const submit = () => {
    setOtherError(null);
    const input: VendorStatusInput = {
      vul: vul.id,
      participant: vendor.participant,
      ...values,
      justification: values.status === 'not_affected' ? values.justification || null : null,
    };
    const parsed = vendorStatusInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(schemaFieldErrors(parsed.error));
      return;
    }
    save.mutate(input, {
      onSuccess: () => onClose(),
      onError: (error) => {
        const byField = serverFieldErrors(error);
        setErrors(byField);
        setOtherError(Object.keys(byField).length ? null : error);
      },
    });
  };

  return (
    <Modal show onHide={onClose} aria-labelledby={`${id}-title`}>
      <Form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`} className="h5">
            Status: {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary small">
            {vul.title}
            {cell?.updated && (
              <>
                {vul.title ? ' · ' : ''}
                Last set {formatDateTime(cell.updated)}
                {cell.updated_by && ` by ${cell.updated_by.name}`}
              </>
            )}
          </p>
          {!vendor.can_edit ? (
            <ReadOnlyCell cell={cell} />
          ) : (
            <>
              <Form.Group className="mb-3" controlId={`${id}-status`} data-field="status">
                <Form.Label>
                  Status
                  <RequiredMark />
                </Form.Label>
                <Form.Select
                  value={values.status}
                  isInvalid={!!errors.status}
                  onChange={(e) => {
                    const status = e.target.value as VendorStatusValue;
                    setValues((v) => ({
                      ...v,
                      status,
                      justification: status === 'not_affected' ? v.justification : '',
                    }));
                  }}
                >
                  {VENDOR_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {VENDOR_STATUS_LABELS[s]}
                    </option>
                  ))}
                </Form.Select>
                <FieldError message={errors.status} />
              </Form.Group>
              {values.status === 'not_affected' && (
                <Form.Group className="mb-3" controlId={`${id}-justification`} data-field="justification">
                  <Form.Label>
                    Justification
                    <RequiredMark />
                  </Form.Label>
                  <Form.Select
                    value={values.justification}
                    isInvalid={!!errors.justification}
                    aria-required
                    aria-describedby={errors.justification ? `${id}-justification-error` : undefined}
                    onChange={(e) => set('justification', e.target.value as VexJustification | '')}
                  >
                    <option value="">Choose…</option>
                    {VEX_JUSTIFICATIONS.map((j) => (
                      <option key={j} value={j}>
                        {VEX_JUSTIFICATION_LABELS[j]}
                      </option>
                    ))}
                  </Form.Select>
                  <FieldError message={errors.justification} id={`${id}-justification-error`} />
                </Form.Group>
              )}
              {TEXT_FIELDS.map((f) => (
                <Form.Group key={f.key} className="mb-3" controlId={`${id}-${f.key}`} data-field={f.key}>
                  <Form.Label>{f.label}</Form.Label>
                  <Form.Control
                    {...(f.multiline ? { as: 'textarea' as const, rows: 3 } : { type: 'text' })}
                    value={values[f.key]}
                    isInvalid={!!errors[f.key]}
                    spellCheck={f.key === 'statement' || f.key === 'product'}
                    aria-describedby={errors[f.key] ? `${id}-${f.key}-error` : undefined}
                    onChange={(e) => set(f.key, e.target.value)}
                  />
                  {f.help && <Form.Text muted>{f.help}</Form.Text>}
                  <FieldError message={errors[f.key]} id={`${id}-${f.key}-error`} />
                </Form.Group>
              ))}
              <ErrorAlert error={otherError} />
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {vendor.can_edit ? 'Cancel' : 'Close'}
          </Button>
          {vendor.can_edit && (
            <Button type="submit" disabled={save.isPending}>
              Save status
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

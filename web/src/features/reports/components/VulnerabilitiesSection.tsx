// Vulnerabilities section (SPEC §2): 1 to 20 entries; Clone copies an entry (CVSS included) right after
// it, Remove shows only when more than one entry exists, Add Vulnerability stops at 20.
import { Button } from 'react-bootstrap';
import { useFieldArray, useFormContext } from 'react-hook-form';
import {
  MAX_VULNERABILITIES,
  cloneVulnerability,
  emptyVulnerability,
  type ReportFormInput,
} from '@cvdp/core';
import { FieldError } from '../../../components/form/index.ts';
import { VulnerabilityEntry } from './VulnerabilityEntry.tsx';

export function VulnerabilitiesSection() {
  const {
    control,
    getValues,
    formState: { errors },
  } = useFormContext<ReportFormInput>();
  const { fields, append, insert, remove } = useFieldArray({ control, name: 'vulnerabilities' });
  const full = fields.length >= MAX_VULNERABILITIES;

  return (
    <section className="mb-4" aria-labelledby="vulnerabilities-section-title" data-field="vulnerabilities">
      <h2 id="vulnerabilities-section-title" className="h5">
        Vulnerabilities
      </h2>
      <FieldError message={errors.vulnerabilities?.root?.message ?? errors.vulnerabilities?.message} />
      {fields.map((field, index) => (
        <VulnerabilityEntry
          key={field.id}
          index={index}
          canRemove={fields.length > 1}
          canClone={!full}
          onClone={() => insert(index + 1, cloneVulnerability(getValues(`vulnerabilities.${index}`)))}
          onRemove={() => remove(index)}
        />
      ))}
      <Button variant="outline-primary" onClick={() => append(emptyVulnerability())} disabled={full}>
        Add Vulnerability
      </Button>
      {full && (
        <p className="text-body-secondary small mt-2">
          A report can describe at most {MAX_VULNERABILITIES} vulnerabilities.
        </p>
      )}
    </section>
  );
}

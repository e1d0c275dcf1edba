// Disclosure plans (with details when Yes) and CVE assignment (SPEC §2).
import { useFormContext, useWatch } from 'react-hook-form';
import { REPORT_QUESTIONS, type ReportFormInput } from '@cvdp/core';
import { TextField, YesNoField } from '../../../components/form/index.ts';

export function DisclosureSection() {
  const { control } = useFormContext<ReportFormInput>();
  const plans = useWatch({ control, name: 'disclosure_plans' });
  return (
    <section className="mb-4" aria-labelledby="disclosure-section-title">
      <h2 id="disclosure-section-title" className="h5">
        Disclosure
      </h2>
      <YesNoField
        id="report-disclosure-plans"
        name="disclosure_plans"
        legend={REPORT_QUESTIONS.disclosure_plans}
        required
      />
      {plans === 'Yes' && (
        <TextField
          id="report-disclosure-details"
          name="disclosure_details"
          label={REPORT_QUESTIONS.disclosure_details}
          help="When and where you plan to disclose it."
          multiline
          required
        />
      )}
      <TextField
        id="report-cve-assignment"
        name="cve_assignment"
        label={REPORT_QUESTIONS.cve_assignment}
        help="A CVE ID already assigned or requested for this report, if any."
      />
    </section>
  );
}

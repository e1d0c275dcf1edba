// Disclosure plans (with details when Yes) and CVE assignment (SPEC §2).
import { useFormContext, useWatch } from 'react-hook-form';
import { REPORT_QUESTIONS, type ReportFormInput } from '@cvdp/core';
import { RegisteredTextField, RegisteredYesNoField } from '../../../components/form/index.ts';
import { fieldMessage } from '../form-errors.ts';

export function DisclosureSection() {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<ReportFormInput>();
  const plans = useWatch({ control, name: 'disclosure_plans' });
  return (
    <section className="mb-4" aria-labelledby="disclosure-section-title">
      <h2 id="disclosure-section-title" className="h5">
        Disclosure
      </h2>
      <RegisteredYesNoField
        id="report-disclosure-plans"
        legend={REPORT_QUESTIONS.disclosure_plans}
        registration={register('disclosure_plans')}
        error={fieldMessage(errors.disclosure_plans?.message)}
        required
      />
      {plans === 'Yes' && (
        <RegisteredTextField
          id="report-disclosure-details"
          label={REPORT_QUESTIONS.disclosure_details}
          registration={register('disclosure_details')}
          error={fieldMessage(errors.disclosure_details?.message)}
          help="When and where you plan to disclose it."
          multiline
          required
        />
      )}
      <RegisteredTextField
        id="report-cve-assignment"
        label={REPORT_QUESTIONS.cve_assignment}
        registration={register('cve_assignment')}
        error={fieldMessage(errors.cve_assignment?.message)}
        help="A CVE ID already assigned or requested for this report, if any."
      />
    </section>
  );
}

// Report section (SPEC §2): title, product, notified, vendor contact and the proof-of-concept file.
import { Form } from 'react-bootstrap';
import { REPORT_QUESTIONS, POC_QUESTION } from '@cvdp/core';
import { appConfig } from '../../../lib/config.ts';
import { formatUploadLimit } from '../../../lib/upload-limit.ts';
import { FieldError, TextField, YesNoField } from '../../../components/form/index.ts';

/** Stated to the reporter from the page config; the server enforces the same limit (413). */
export const pocSizeLimitText = (maxUploadBytes: number) =>
  `The file can be at most ${formatUploadLimit(maxUploadBytes)}.`;

export function ReportSection(props: {
  onPocChange(file: File | null): void;
  currentPocName?: string | null;
  pocError?: string;
}) {
  return (
    <section className="mb-4" aria-labelledby="report-section-title">
      <h2 id="report-section-title" className="h5">
        Report
      </h2>
      <TextField id="report-title" name="title" label={REPORT_QUESTIONS.title} required />
      <TextField id="report-product" name="product" label={REPORT_QUESTIONS.product} required />
      <YesNoField id="report-notified" name="notified" legend={REPORT_QUESTIONS.notified} required />
      <TextField
        id="report-vendor-contact"
        name="vendor_contact"
        label={REPORT_QUESTIONS.vendor_contact}
        help="How to reach the vendor: an email address, a web form or a person."
        required
      />
      <Form.Group className="mb-3" controlId="report-poc" data-field="poc">
        <Form.Label>{POC_QUESTION}</Form.Label>
        <Form.Control
          type="file"
          isInvalid={Boolean(props.pocError)}
          onChange={(event) => props.onPocChange((event.target as HTMLInputElement).files?.[0] ?? null)}
        />
        <Form.Text muted>
          {pocSizeLimitText(appConfig.maxUploadBytes)}
          {props.currentPocName && ` Current file: ${props.currentPocName}. A new file is added beside it.`}
        </Form.Text>
        <FieldError message={props.pocError} />
      </Form.Group>
    </section>
  );
}

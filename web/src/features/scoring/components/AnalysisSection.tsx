// The written analysis (Markdown) of a vulnerability: read by every scorer, written by the lock holder.
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { z } from 'zod';
import { ANALYSIS_MAX, analysisBodySchema } from '@cvdp/core/scoring/work';
import { formatDateTime } from '../../../lib/format.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { SubmitButton, TextField, ZodForm, useZodForm } from '../../../components/form/index.ts';
import { useAnalysis, useSaveAnalysis } from '../api/index.ts';

/** The editor writes the analysis text only (references and KEV come from elsewhere). */
const analysisFormSchema = z.object({ analysis: analysisBodySchema.shape.analysis.unwrap() });

function Editor(props: { cveId: string; initial: string; exists: boolean; onDone(): void }) {
  const form = useZodForm(analysisFormSchema, { defaultValues: { analysis: props.initial } });
  const save = useSaveAnalysis(props.cveId);
  const length = form.watch('analysis').length;
  return (
    <ZodForm
      form={form}
      error={save.error}
      onSubmit={({ analysis }) =>
        save.mutate({ analysis, create: !props.exists }, { onSuccess: () => props.onDone() })
      }
    >
      <TextField
        id="scoring-analysis"
        name="analysis"
        label="Analysis (Markdown)"
        multiline={8}
        maxLength={ANALYSIS_MAX}
        help={`${length} of ${ANALYSIS_MAX} characters.`}
        className=""
      />
      <div className="d-flex gap-2 mt-2">
        <SubmitButton size="sm" pending={save.isPending}>
          Save analysis
        </SubmitButton>
        <Button size="sm" variant="outline-secondary" onClick={props.onDone}>
          Cancel
        </Button>
      </div>
    </ZodForm>
  );
}

export function AnalysisSection({ cveId, canEdit }: { cveId: string; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const analysis = useAnalysis(cveId);
  const a = analysis.data;
  return (
    <section aria-labelledby="analysis-title" className="mb-4">
      <h2 id="analysis-title" className="h5">
        Analysis
      </h2>
      <ErrorAlert error={analysis.error} />
      {a && !editing && (
        <>
          {a.analysis ? (
            <div
              className="border rounded p-2 mb-2 text-break"
              style={{ whiteSpace: 'pre-wrap' }}
              data-testid="analysis-text"
            >
              {a.analysis}
            </div>
          ) : (
            <p className="text-body-secondary small">No analysis yet.</p>
          )}
          {a.updated_at && (
            <p className="small text-body-secondary">
              Updated {formatDateTime(a.updated_at)}
              {a.updated_by ? ` by ${a.updated_by.name}` : ''}.
            </p>
          )}
          {canEdit && (
            <Button size="sm" onClick={() => setEditing(true)}>
              {a.analysis ? 'Edit analysis' : 'Write analysis'}
            </Button>
          )}
        </>
      )}
      {a && editing && canEdit && (
        <Editor
          cveId={cveId}
          initial={a.analysis}
          exists={a.created_at !== null}
          onDone={() => setEditing(false)}
        />
      )}
    </section>
  );
}

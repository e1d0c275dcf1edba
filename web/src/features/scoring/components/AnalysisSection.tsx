// The written analysis (Markdown) of a vulnerability: read by every scorer, written by the lock holder.
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ANALYSIS_MAX } from '@cvdp/core/scoring/work';
import { formatDateTime } from '../../../lib/format.ts';
import { fieldErrors } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { FieldError } from '../../../components/form/index.ts';
import { fetchAnalysis, saveAnalysis } from '../api.ts';

function Editor(props: { cveId: string; initial: string; exists: boolean; onDone(): void }) {
  const client = useQueryClient();
  const [text, setText] = useState(props.initial);
  const save = useMutation({
    mutationFn: () => saveAnalysis(props.cveId, text, !props.exists),
    onSuccess: async (data) => {
      client.setQueryData(queryKeys.scoring.analysis(props.cveId), data);
      await client.invalidateQueries({ queryKey: queryKeys.scoring.vul(props.cveId) });
      props.onDone();
    },
  });
  const fieldError = save.error ? fieldErrors(save.error).analysis?.[0] : undefined;
  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Form.Group controlId="scoring-analysis">
        <Form.Label>Analysis (Markdown)</Form.Label>
        <Form.Control
          as="textarea"
          rows={8}
          maxLength={ANALYSIS_MAX}
          value={text}
          isInvalid={!!fieldError}
          aria-describedby="scoring-analysis-help"
          onChange={(e) => setText(e.target.value)}
        />
        <Form.Text id="scoring-analysis-help" muted>
          {text.length} of {ANALYSIS_MAX} characters.
        </Form.Text>
        <FieldError message={fieldError} />
      </Form.Group>
      {save.error && !fieldError ? <ErrorAlert error={save.error} /> : null}
      <div className="d-flex gap-2 mt-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save analysis
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={props.onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

export function AnalysisSection({ cveId, canEdit }: { cveId: string; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const analysis = useQuery({
    queryKey: queryKeys.scoring.analysis(cveId),
    queryFn: () => fetchAnalysis(cveId),
  });
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

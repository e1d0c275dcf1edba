// CVSS v4.0 calculator of the report form (SPEC §2, §4, §5): the 11 base metrics as inputs, an
// editable vector string, the score with its severity badge, and a macro-vector breakdown.
// Scores come from the shared engine in @cvdp/core; the server recomputes them, never trusting these.
import { useId } from 'react';
import { Alert, Button, Col, Form, Row } from 'react-bootstrap';
import { CVSS4_BASE_METRIC_OPTIONS, CVSS_INCOMPLETE_MESSAGE, type Cvss4ScoreRecord } from '@cvdp/core';
import { MacroVectorBreakdown } from './MacroVectorBreakdown.tsx';
import { MetricSelector } from './MetricSelector.tsx';
import { SeverityBadge } from './SeverityBadge.tsx';
import { useCvss4Calculator } from './useCvss4Calculator.ts';

// FIRST's grouping of the base metrics.
const GROUPS = [
  { title: 'Exploitability Metrics', keys: ['AV', 'AC', 'AT', 'PR', 'UI'] },
  { title: 'Vulnerable System Impact Metrics', keys: ['VC', 'VI', 'VA'] },
  { title: 'Subsequent System Impact Metrics', keys: ['SC', 'SI', 'SA'] },
].map((group) => ({
  ...group,
  metrics: CVSS4_BASE_METRIC_OPTIONS.filter((m) => group.keys.includes(m.key)),
}));

export function Cvss4Calculator(props: {
  value?: string;
  onChange: (vector: string | null, record: Cvss4ScoreRecord | null) => void;
  idPrefix?: string;
  /**
   * The form's message about this score (e.g. the incomplete one on submit): shown once, under the vector
   * field it is tied to (aria-describedby), in place of the calculator's own incomplete notice.
   */
  error?: string;
}) {
  const generatedId = useId();
  const idPrefix = props.idPrefix ?? `cvss4${generatedId.replace(/[^A-Za-z0-9_-]/g, '')}`;
  const calculator = useCvss4Calculator(props.value, props.onChange);
  const { state, view } = calculator;
  const vectorError = state.draftError ?? props.error ?? null;
  const errorId = `${idPrefix}-vector-error`;

  return (
    <section className="border rounded p-3" aria-labelledby={`${idPrefix}-title`}>
      <div className="d-flex justify-content-between align-items-center mb-2">
        <h3 id={`${idPrefix}-title`} className="h6 mb-0">
          CVSS v4.0 calculator
        </h3>
        <Button variant="outline-secondary" size="sm" onClick={calculator.reset}>
          Reset
        </Button>
      </div>

      <Row>
        {GROUPS.map((group, index) => (
          // Exploitability (five metrics, up to four options each) takes the full width; the two impact
          // groups share a row, so no option label has to wrap.
          <Col key={group.title} lg={index === 0 ? 12 : 6}>
            <h4 className="h6 text-body-secondary mt-2">{group.title}</h4>
            <div className="d-flex flex-wrap column-gap-4">
              {group.metrics.map((metric) => (
                <MetricSelector
                  key={metric.key}
                  metric={metric}
                  value={state.metrics[metric.key]}
                  onChange={(value) => calculator.setMetric(metric.key, value)}
                  idPrefix={idPrefix}
                />
              ))}
            </div>
          </Col>
        ))}
      </Row>

      <Form.Group className="mt-2" controlId={`${idPrefix}-vector`}>
        <Form.Label>Vector String</Form.Label>
        <Form.Control
          type="text"
          spellCheck={false}
          autoComplete="off"
          value={state.draft ?? view.vector}
          isInvalid={vectorError !== null}
          aria-invalid={vectorError !== null || undefined}
          aria-describedby={vectorError !== null ? errorId : undefined}
          onChange={(event) => calculator.editVector(event.target.value)}
          onBlur={calculator.leaveVector}
        />
        {/* pre-wrap keeps the two spaces of the SPEC text visible. */}
        <Form.Control.Feedback type="invalid" id={errorId} style={{ whiteSpace: 'pre-wrap' }}>
          {vectorError}
        </Form.Control.Feedback>
        {view.otherMetrics.length > 0 && (
          <Form.Text>
            Also scored from the vector (not shown as inputs): {view.otherMetrics.join(', ')}
          </Form.Text>
        )}
      </Form.Group>

      {/* An invalid vector shows no score: the one of the metrics would belong to another vector. */}
      {state.draftError !== null ? null : view.record ? (
        <div className="d-flex align-items-center gap-2 mt-3">
          <span className="fw-semibold">Score</span>
          <output className="fs-4" aria-label="CVSS score" aria-live="polite">
            {view.record.baseScore.toFixed(1)}
          </output>
          <SeverityBadge severity={view.record.baseSeverity} />
          <small className="text-body-secondary">{view.nomenclature}</small>
        </div>
      ) : props.error ? null : (
        // pre-wrap keeps the two spaces of the SPEC text visible.
        <Alert variant="warning" className="mt-3 mb-0" style={{ whiteSpace: 'pre-wrap' }}>
          {CVSS_INCOMPLETE_MESSAGE}
        </Alert>
      )}

      <MacroVectorBreakdown macroVector={view.macroVector} eqLevels={view.eqLevels} idPrefix={idPrefix} />
    </section>
  );
}

// A triage row's quality (issue 28): the label as words in a badge, and each reason as text — the colour
// only repeats what the words say. A reporter with a record of valid reports is named too.
import { Badge } from 'react-bootstrap';
import { TRIAGE_LABEL_TEXT, TRIAGE_REASON_TEXT, type TriageQuality } from '@cvdp/core';

const VARIANT = { weak: 'warning', fair: 'secondary', strong: 'success' } as const;
const TEXT_CLASS = { weak: 'text-dark', fair: undefined, strong: undefined } as const;

export function QualityCell({ quality, id }: { quality: TriageQuality; id: number }) {
  const reasons = quality.reasons.filter((r) => r !== 'reporter_valid_history');
  return (
    <div>
      <Badge bg={VARIANT[quality.label]} className={TEXT_CLASS[quality.label]}>
        {TRIAGE_LABEL_TEXT[quality.label]} <span className="visually-hidden">quality, score</span>{' '}
        {quality.score}
      </Badge>
      {quality.reporter_valid_history && (
        // A badge does not wrap by default: this long one would widen a phone's table past the screen.
        <Badge bg="light" text="dark" className="ms-1 border text-wrap text-start">
          {TRIAGE_REASON_TEXT.reporter_valid_history}
        </Badge>
      )}
      {reasons.length > 0 && (
        <ul
          className="list-unstyled small text-body-secondary mb-0"
          aria-label={`Why report #${id} scores lower`}
        >
          {reasons.map((r) => (
            <li key={r}>{TRIAGE_REASON_TEXT[r]}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

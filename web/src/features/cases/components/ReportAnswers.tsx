// A stored report shown as its questions and answers; each vulnerability in a card of its own.
import { Card } from 'react-bootstrap';
import {
  VULNERABILITIES_QUESTION,
  VULNERABILITY_QUESTIONS,
  cvss4Record,
  isValidCvss4Vector,
  type ReportAnswer,
  type ReportQuestionList,
  type VulnerabilityAnswers,
} from '@cvdp/core';
import { SeverityBadge } from '../../cvss/index.ts';

function CvssAnswer({ vector }: { vector: string }) {
  // A vector has no spaces: it may break anywhere, or it would widen the page on a phone.
  if (!isValidCvss4Vector(vector)) return <code className="cvss-vector">{vector}</code>;
  const record = cvss4Record(vector);
  return (
    <span className="d-flex flex-wrap align-items-center column-gap-2">
      <code className="cvss-vector">{vector}</code>
      <span>{record.baseScore.toFixed(1)}</span>
      <SeverityBadge severity={record.baseSeverity} />
    </span>
  );
}

function Answer({ question, answer }: { question: string; answer: ReportAnswer }) {
  if (question === VULNERABILITY_QUESTIONS.cvss && typeof answer === 'string')
    return <CvssAnswer vector={answer} />;
  if (Array.isArray(answer)) return <>{(answer as string[]).join(', ')}</>;
  return <span style={{ whiteSpace: 'pre-wrap' }}>{answer}</span>;
}

function Pairs({ pairs }: { pairs: { question: string; answer: ReportAnswer }[] }) {
  return (
    <dl className="mb-0">
      {pairs.map((p) => (
        <div key={p.question} className="mb-2">
          <dt>{p.question}</dt>
          <dd className="mb-0">
            <Answer question={p.question} answer={p.answer} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ReportAnswers({ report, label }: { report: ReportQuestionList; label: string }) {
  const vulnerabilities = report
    .filter((p) => p.question === VULNERABILITIES_QUESTION)
    .flatMap((p) => p.answer as VulnerabilityAnswers[]);
  return (
    <div aria-label={label} role="group">
      <Pairs pairs={report.filter((p) => p.question !== VULNERABILITIES_QUESTION)} />
      {vulnerabilities.length > 0 && <p className="fw-bold mt-3 mb-0">{VULNERABILITIES_QUESTION}</p>}
      {vulnerabilities.map((vulnerability, i) => (
        <Card key={i} className="mt-3">
          <Card.Header as="h3" className="h6">
            Vulnerability {i + 1}
          </Card.Header>
          <Card.Body>
            <Pairs pairs={vulnerability} />
          </Card.Body>
        </Card>
      ))}
    </div>
  );
}

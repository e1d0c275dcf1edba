// Errors of the CVSS v4.0 engine. The three messages are the catalogue texts of SPEC §8; `reason`
// says in plain words what exactly is wrong, so a form or an API can tell the user why.

export type Cvss4ErrorCode = 'INVALID_VECTOR' | 'UNKNOWN_METRIC' | 'INVALID_METRIC_VALUE';

export const CVSS4_INVALID_VECTOR_MESSAGE = 'invalid CVSS v4.0 vector';

export class Cvss4Error extends Error {
  override readonly name = 'Cvss4Error';

  constructor(
    readonly code: Cvss4ErrorCode,
    message: string,
    /** Why the vector was rejected, e.g. "metric AT is out of order: it must come before PR". */
    readonly reason: string,
    /** The metric concerned, when there is one. */
    readonly metric?: string,
  ) {
    super(message);
  }

  /** Message and reason in one line, for users: "invalid CVSS v4.0 vector: trailing '/'". */
  get description(): string {
    return this.reason ? `${this.message}: ${this.reason}` : this.message;
  }
}

export function invalidVector(reason: string, metric?: string): Cvss4Error {
  return new Cvss4Error('INVALID_VECTOR', CVSS4_INVALID_VECTOR_MESSAGE, reason, metric);
}

export function unknownMetric(metric: string): Cvss4Error {
  return new Cvss4Error(
    'UNKNOWN_METRIC',
    `unknown metric '${metric}'`,
    `'${metric}' is not a CVSS v4.0 metric`,
    metric,
  );
}

export function invalidMetricValue(
  metric: string,
  value: string,
  allowed: readonly string[],
  note?: string,
): Cvss4Error {
  const reason = `${metric} takes ${allowed.join(', ')}`;
  return new Cvss4Error(
    'INVALID_METRIC_VALUE',
    `invalid metric value '${metric}:${value}'`,
    note ? `${reason}; ${note}` : reason,
    metric,
  );
}

// Severity badge, SPEC §4: High or Critical is danger, Medium is warning, otherwise success.
import { Badge } from 'react-bootstrap';
import type { Cvss4Severity } from '@cvdp/core';

export function severityBadgeVariant(severity: Cvss4Severity): 'danger' | 'warning' | 'success' {
  if (severity === 'HIGH' || severity === 'CRITICAL') return 'danger';
  if (severity === 'MEDIUM') return 'warning';
  return 'success';
}

export function SeverityBadge({ severity }: { severity: Cvss4Severity }) {
  const variant = severityBadgeVariant(severity);
  // Dark text keeps the yellow warning badge readable (Bootstrap's own advice for bg-warning).
  return (
    <Badge bg={variant} text={variant === 'warning' ? 'dark' : undefined}>
      {severity}
    </Badge>
  );
}

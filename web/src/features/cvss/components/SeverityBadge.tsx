// Severity badge, SPEC §4: High or Critical is danger, Medium is warning, otherwise success.
import { ContrastBadge } from '../../../components/ContrastBadge.tsx';
import type { Cvss4Severity } from '@cvdp/core';

export function severityBadgeVariant(severity: Cvss4Severity): 'danger' | 'warning' | 'success' {
  if (severity === 'HIGH' || severity === 'CRITICAL') return 'danger';
  if (severity === 'MEDIUM') return 'warning';
  return 'success';
}

export function SeverityBadge({ severity }: { severity: Cvss4Severity }) {
  const variant = severityBadgeVariant(severity);
  // The colours are the SPEC's; the badge picks a text colour that reads on each (WCAG AA).
  return <ContrastBadge bg={variant}>{severity}</ContrastBadge>;
}

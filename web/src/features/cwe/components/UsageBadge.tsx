// The Notes column of the CWE table (SPEC §4): MITRE's mapping usage as a coloured badge, plus 'NVD' for
// entries in view 1003, the slice NVD maps published vulnerabilities to.
import { Badge } from 'react-bootstrap';

export type UsageVariant = 'success' | 'warning' | 'danger' | 'info';

export function usageBadgeVariant(usage: string): UsageVariant {
  if (usage === 'Allowed') return 'success';
  if (usage === 'Discouraged') return 'warning';
  if (usage === 'Prohibited') return 'danger';
  return 'info';
}

export function UsageBadge({ usage }: { usage: string }) {
  const variant = usageBadgeVariant(usage);
  // Dark text keeps the yellow and light-blue badges readable (Bootstrap's advice for bg-warning/bg-info).
  return (
    <Badge bg={variant} text={variant === 'warning' || variant === 'info' ? 'dark' : undefined}>
      {usage}
    </Badge>
  );
}

export function NvdBadge() {
  return (
    <Badge bg="primary" title="In CWE view 1003, used by NVD to map published vulnerabilities">
      NVD
    </Badge>
  );
}

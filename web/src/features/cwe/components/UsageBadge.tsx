// The Notes column of the CWE table (SPEC §4): MITRE's mapping usage as a coloured badge, plus 'NVD' for
// entries in view 1003, the slice NVD maps published vulnerabilities to.
import { ContrastBadge } from '../../../components/ContrastBadge.tsx';

export type UsageVariant = 'success' | 'warning' | 'danger' | 'info';

export function usageBadgeVariant(usage: string): UsageVariant {
  if (usage === 'Allowed') return 'success';
  if (usage === 'Discouraged') return 'warning';
  if (usage === 'Prohibited') return 'danger';
  return 'info';
}

export function UsageBadge({ usage }: { usage: string }) {
  const variant = usageBadgeVariant(usage);
  // Dark text keeps the yellow and light-blue badges readable (WCAG AA).
  return <ContrastBadge bg={variant}>{usage}</ContrastBadge>;
}

export function NvdBadge() {
  return (
    <ContrastBadge bg="primary" title="In CWE view 1003, used by NVD to map published vulnerabilities">
      NVD
    </ContrastBadge>
  );
}

/** MITRE's Deprecated or Obsolete status, on entries shown only when 'Show deprecated' is ticked. */
export function RetiredBadge({ status }: { status: string }) {
  return <ContrastBadge bg="secondary">{status}</ContrastBadge>;
}

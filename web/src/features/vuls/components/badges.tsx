// The small labels of a vulnerability: its CWEs, a CVSS score per version (coloured as the calculator's
// severity badge: High/Critical danger, Medium warning, else success) and a vendor's status (colour and words).
import type { CvssScore, Cvss4Severity, VendorStatusValue } from '@cvdp/core';
import { CVSS4_SEVERITIES, VENDOR_STATUS_LABELS } from '@cvdp/core';
import { ContrastBadge, type BadgeVariant } from '../../../components/ContrastBadge.tsx';
import { severityBadgeVariant } from '../../cvss/index.ts';

/** 'Critical' (as the server words it) → 'CRITICAL' (as the calculator's badge does). */
export function cvssSeverity(severity: string): Cvss4Severity {
  const upper = severity.toUpperCase();
  return (CVSS4_SEVERITIES as readonly string[]).includes(upper) ? (upper as Cvss4Severity) : 'NONE';
}

export function CvssScoreBadge({ score }: { score: CvssScore }) {
  const severity = cvssSeverity(score.severity);
  const who = score.source === 'reporter' ? ' (reporter)' : '';
  return (
    <ContrastBadge bg={severityBadgeVariant(severity)} title={score.vector}>
      CVSS {score.version}
      {who}: {score.score.toFixed(1)} {severity}
    </ContrastBadge>
  );
}

/** Newest CVSS version first, the coordinator's score before the reporter's. */
export const orderedScores = (scores: CvssScore[]) =>
  [...scores].sort(
    (a, b) =>
      b.version.localeCompare(a.version) || (a.source === b.source ? 0 : a.source === 'coordinator' ? -1 : 1),
  );

export function CvssScoreBadges({ scores }: { scores: CvssScore[] }) {
  return (
    <>
      {orderedScores(scores).map((s) => (
        <CvssScoreBadge key={`${s.version}-${s.source}`} score={s} />
      ))}
    </>
  );
}

export function CweBadges({ cwes, names }: { cwes: string[]; names: Record<string, string> }) {
  return (
    <>
      {cwes.map((cwe) => (
        <ContrastBadge key={cwe} bg="secondary" title={names[cwe]}>
          {cwe}
        </ContrastBadge>
      ))}
    </>
  );
}

export const VENDOR_STATUS_VARIANTS: Record<VendorStatusValue, BadgeVariant> = {
  unknown: 'secondary',
  under_investigation: 'warning',
  affected: 'danger',
  not_affected: 'success',
  fixed: 'primary',
};

export function VendorStatusBadge({ status }: { status: VendorStatusValue }) {
  return <ContrastBadge bg={VENDOR_STATUS_VARIANTS[status]}>{VENDOR_STATUS_LABELS[status]}</ContrastBadge>;
}

// How a case status looks: the label comes from core (shared with the server), the colour is the page's.
import { CASE_STATUS, caseStatusLabel } from '@cvdp/core';
import type { BadgeVariant } from '../../components/ContrastBadge.tsx';

const VARIANTS: Record<number, BadgeVariant> = {
  [CASE_STATUS.PENDING]: 'warning',
  [CASE_STATUS.ACTIVE]: 'primary',
  [CASE_STATUS.CLOSED]: 'secondary',
};

export const caseStatus = (status: number) => ({
  label: caseStatusLabel(status),
  variant: VARIANTS[status] ?? ('light' as const),
});

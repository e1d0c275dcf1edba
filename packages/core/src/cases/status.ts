// Case status (DESIGN §5): what the numbers on the wire mean, for server and browser alike.
export const CASE_STATUS = { PENDING: 0, ACTIVE: 1, CLOSED: 2 } as const;
export type CaseStatus = (typeof CASE_STATUS)[keyof typeof CASE_STATUS];

export const CASE_STATUS_LABELS: Readonly<Record<number, string>> = {
  0: 'Pending',
  1: 'Active',
  2: 'Closed',
};

export const caseStatusLabel = (status: number) => CASE_STATUS_LABELS[status] ?? `Status ${status}`;

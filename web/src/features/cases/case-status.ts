// Case status (DESIGN §5): 0 pending triage, 1 active, 2 closed.
const LABELS: Record<number, { label: string; variant: string }> = {
  0: { label: 'Pending', variant: 'warning' },
  1: { label: 'Active', variant: 'primary' },
  2: { label: 'Closed', variant: 'secondary' },
};

export const caseStatus = (status: number) =>
  LABELS[status] ?? { label: `Status ${status}`, variant: 'light' };

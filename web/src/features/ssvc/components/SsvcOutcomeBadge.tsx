// An SSVC outcome as a badge coloured by how urgent it is within its table's outcome group (low → high:
// success, info, warning, danger), e.g. CISA Track / Track* / Attend / Act, supplier Defer … Immediate.
import { SSVC_DECISION_POINTS, SSVC_TABLES, isSsvcTableId, normaliseSsvcValue } from '@cvdp/core';
import { ContrastBadge, type BadgeVariant } from '../../../components/ContrastBadge.tsx';

/** Publishing is a choice, not a severity: neutral colours. */
const FIXED: Record<string, Record<string, BadgeVariant>> = { PUBLISH: { N: 'secondary', P: 'primary' } };

/** The outcome's key, name and colour; an unknown table or outcome is a grey badge with the text as sent. */
export function ssvcOutcomeView(
  table: string,
  outcome: string,
): { key: string; name: string; variant: BadgeVariant } {
  if (!isSsvcTableId(table)) return { key: outcome, name: outcome, variant: 'secondary' };
  const t = SSVC_TABLES[table];
  const group = SSVC_DECISION_POINTS[t.outcome];
  const key = normaliseSsvcValue(t, t.outcome, outcome);
  const index = group.values.findIndex((v) => v.key === key);
  if (!key || index < 0) return { key: outcome, name: outcome, variant: 'secondary' };
  const rank = index / (group.values.length - 1);
  const variant =
    FIXED[t.outcome]?.[key] ??
    (rank === 0 ? 'success' : rank < 0.5 ? 'info' : rank < 1 ? 'warning' : 'danger');
  return { key, name: group.values[index].name, variant };
}

export function SsvcOutcomeBadge({ table, outcome }: { table: string; outcome: string }) {
  const view = ssvcOutcomeView(table, outcome);
  const tableName = isSsvcTableId(table) ? SSVC_TABLES[table].name : table;
  return (
    <ContrastBadge bg={view.variant} title={`SSVC ${tableName}: ${view.name}`}>
      {view.name}
    </ContrastBadge>
  );
}

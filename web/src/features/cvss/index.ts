// CVSS v4.0 calculator for the report form; the scoring itself lives in @cvdp/core.
export { Cvss4Calculator } from './components/Cvss4Calculator.tsx';
export { SeverityBadge, severityBadgeVariant } from './components/SeverityBadge.tsx';

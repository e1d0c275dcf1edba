// CWE identifiers as people type them ('79', 'cwe-79', 'CWE 79') and as we store and show them ('CWE-79').

const CWE_ID_PATTERN = /^(?:cwe[-\s]?)?0*([1-9]\d{0,5})$/i;

/** 'CWE-79' for '79', 'cwe-79', 'CWE 79' or ' CWE-079 '; null when the text is not a CWE id. */
export function normalizeCweId(input: string): string | null {
  const match = CWE_ID_PATTERN.exec(input.trim());
  return match ? `CWE-${match[1]}` : null;
}

export function isCweId(input: string): boolean {
  return normalizeCweId(input) !== null;
}

/** The number of a CWE id (79 for 'CWE-79'), or null when the text is not a CWE id. */
export function cweNumber(input: string): number | null {
  const id = normalizeCweId(input);
  return id === null ? null : Number(id.slice(4));
}

export function formatCweId(id: number): string {
  return `CWE-${id}`;
}

// SSVC (issue 11): decision points, decision tables as data, and the decision both the page and the server
// compute (reference: ../shared/reference/ssvc.md). Pure TypeScript and zod only: the web bundles it.
export * from './decision-points.ts';
export * from './tables.ts';
export * from './decide.ts';
export * from './vector.ts';

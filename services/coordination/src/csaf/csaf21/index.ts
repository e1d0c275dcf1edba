// CSAF 2.1 as the current OASIS draft has it (issue 29): the schema (schemas/2.1/) and the mandatory tests
// where csaf-validator-lib 2.0.10's do not fit the draft any more — each replaces the lib's test of the same
// number, or adds one the lib lacks.
import { prohibitedDocumentCategory } from './category.ts';
import {
  circularProductDefinition,
  missingProductDefinition,
  multipleProductDefinition,
} from './product-ids.ts';
import { missingRevisionHistoryItem } from './revision-history.ts';
import { inconsistentSsvcTargetIds, inconsistentSsvcTimestamp, invalidSsvc } from './ssvc.ts';
import type { OwnCsafTest } from './types.ts';

export { csaf21SchemaErrors, ssvcSelectionListErrors } from './schema.ts';
export type { CsafTestResult, OwnCsafTest } from './types.ts';

export const OWN_CSAF21_TESTS: OwnCsafTest[] = [
  { test: '6.1.1', run: missingProductDefinition },
  { test: '6.1.2', run: multipleProductDefinition },
  { test: '6.1.3', run: circularProductDefinition },
  { test: '6.1.21', run: missingRevisionHistoryItem },
  { test: '6.1.26', run: prohibitedDocumentCategory },
  { test: '6.1.46', run: invalidSsvc },
  { test: '6.1.47', run: inconsistentSsvcTargetIds },
  { test: '6.1.49', run: inconsistentSsvcTimestamp },
];

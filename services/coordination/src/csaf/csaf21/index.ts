// CSAF 2.1 as the current OASIS draft has it (issue 29): the schema (schemas/2.1/) and the mandatory tests
// where csaf-validator-lib 2.0.10's do not fit the draft any more — each replaces the lib's test of the same
// number (6.1.13 and 6.1.25 are the lib's, shown the product paths too), or adds one the lib lacks. Imported
// only when a 2.1 document is first validated (validate.ts), like the lib's tests.
import * as lib21 from '@secvisogram/csaf-validator-lib/csaf_2_1/mandatoryTests.js';
import { prohibitedDocumentCategory } from './category.ts';
import { inconsistentEpssTimestamp, inconsistentExploitationDate } from './dates.ts';
import { alsoOnProductPaths } from './product-paths-adapter.ts';
import {
  circularProductDefinition,
  missingProductDefinition,
  multipleProductDefinition,
} from './product-ids.ts';
import { missingRevisionHistoryItem } from './revision-history.ts';
import { multipleStarsInModelNumber, multipleStarsInSerialNumber, multipleStarsInSku } from './stars.ts';
import { inconsistentSsvcTargetIds, inconsistentSsvcTimestamp, invalidSsvc } from './ssvc.ts';
import type { OwnCsafTest } from './types.ts';

export { csaf21SchemaErrors, ssvcSelectionListErrors } from './schema.ts';
export type { CsafTestResult, OwnCsafTest } from './types.ts';

export const OWN_CSAF21_TESTS: OwnCsafTest[] = [
  { test: '6.1.1', run: missingProductDefinition },
  { test: '6.1.2', run: multipleProductDefinition },
  { test: '6.1.3', run: circularProductDefinition },
  alsoOnProductPaths('6.1.13', lib21.mandatoryTest_6_1_13),
  { test: '6.1.21', run: missingRevisionHistoryItem },
  alsoOnProductPaths('6.1.25', lib21.mandatoryTest_6_1_25),
  { test: '6.1.26', run: prohibitedDocumentCategory },
  { test: '6.1.43', run: multipleStarsInModelNumber },
  { test: '6.1.44', run: multipleStarsInSerialNumber },
  { test: '6.1.46', run: invalidSsvc },
  { test: '6.1.47', run: inconsistentSsvcTargetIds },
  { test: '6.1.49', run: inconsistentSsvcTimestamp },
  { test: '6.1.51', run: inconsistentEpssTimestamp },
  { test: '6.1.53', run: inconsistentExploitationDate },
  { test: '6.1.61', run: multipleStarsInSku },
];

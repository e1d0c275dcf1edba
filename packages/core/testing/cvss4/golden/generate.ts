// Writes the CVSS 4.0 golden tables from ae-cvss-calculator: `npm run golden:cvss4`. Run it after
// upgrading the calculator; the exactness tests read the tables instead of running the calculator on
// 125,000 vectors each time (85 s of CPU), and still check a fresh random sample against it live.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  BASE_GOLDEN,
  FULL_GOLDEN,
  baseReferenceLines,
  encodeGolden,
  fullVectors,
  goldenHeader,
  referenceLine,
} from './oracle.ts';

const require = createRequire(import.meta.url);
const version = (
  JSON.parse(readFileSync(require.resolve('ae-cvss-calculator/package.json'), 'utf8')) as { version: string }
).version;

writeFileSync(BASE_GOLDEN, encodeGolden(goldenHeader('base', version), baseReferenceLines()));
writeFileSync(FULL_GOLDEN, encodeGolden(goldenHeader('full', version), fullVectors().map(referenceLine)));
console.log(`wrote ${BASE_GOLDEN} and ${FULL_GOLDEN} from ae-cvss-calculator ${version}`);

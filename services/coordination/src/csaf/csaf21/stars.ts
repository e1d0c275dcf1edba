// CSAF 2.1 mandatory tests 6.1.43, 6.1.44 and 6.1.61: no model number, serial number or SKU holds more than
// one unescaped `*` (each `*` matches any characters: two make it ambiguous). csaf-validator-lib 2.0.10 has
// 6.1.43 only, and it looks at 2.0's relationships instead of the draft's product paths; these are ours.
import { fullProductNames } from './product-ids.ts';
import { type CsafTestResult, isObject, resultOf, stringsOf } from './types.ts';

/** More than one `*` once the escaped ones (`\*`) are taken out. */
const multipleStars = (value: string) => (value.replaceAll('\\*', '').match(/\*/g)?.length ?? 0) > 1;

function starsIn(field: 'model_numbers' | 'serial_numbers' | 'skus', message: string) {
  return (document: unknown): CsafTestResult =>
    resultOf(
      fullProductNames(document).flatMap(({ name, path }) => {
        const helper = isObject(name.product_identification_helper) ? name.product_identification_helper : {};
        return stringsOf(helper[field]).flatMap((value, i) =>
          multipleStars(value)
            ? [{ instancePath: `${path}/product_identification_helper/${field}/${i}`, message }]
            : [],
        );
      }),
    );
}

/** 6.1.43 Use of Multiple Stars in Model Number. */
export const multipleStarsInModelNumber = starsIn(
  'model_numbers',
  'model number with multiple unescaped stars',
);
/** 6.1.44 Use of Multiple Stars in Serial Number. */
export const multipleStarsInSerialNumber = starsIn(
  'serial_numbers',
  'serial number with multiple unescaped stars',
);
/** 6.1.61 Use of Multiple Stars in SKU. */
export const multipleStarsInSku = starsIn('skus', 'stock keeping unit with multiple unescaped stars');

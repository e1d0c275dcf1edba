// The lib's tests that check every full product name (6.1.13 purls, 6.1.25 hash algorithms) look in
// branches, full_product_names and 2.0's `relationships` — not in the current draft's `product_paths`, whose
// full product names they therefore never see. Rather than copy them, each is run on a view of the document
// in which every product path's full product name also stands as a relationship's, and what it finds there
// is reported at the product path it came from.
import type { DocumentTest } from '@secvisogram/csaf-validator-lib/validateStrict.js';
import { type CsafTestResult, type OwnCsafTest, arrayOf, isObject } from './types.ts';

const RELATIONSHIPS = '/product_tree/relationships/';
const PRODUCT_PATHS = '/product_tree/product_paths/';

/** The document with its product paths' full product names as relationships (the current draft has none). */
function withPathsAsRelationships(document: unknown): unknown {
  if (!isObject(document) || !isObject(document.product_tree)) return document;
  const paths = arrayOf(document.product_tree.product_paths);
  if (paths.length === 0) return document;
  const relationships = paths.map((p) => ({
    full_product_name: isObject(p) ? p.full_product_name : undefined,
  }));
  return { ...document, product_tree: { ...document.product_tree, relationships } };
}

/** A lib test that also checks the full product names of product paths. */
export function alsoOnProductPaths(test: string, libTest: DocumentTest): OwnCsafTest {
  return {
    test,
    run: async (document) => {
      const result = (await libTest(withPathsAsRelationships(document))) as Partial<CsafTestResult>;
      const errors = (result.errors ?? []).map((e) => ({
        instancePath: e.instancePath.startsWith(RELATIONSHIPS)
          ? PRODUCT_PATHS + e.instancePath.slice(RELATIONSHIPS.length)
          : e.instancePath,
        message: e.message,
      }));
      return { isValid: result.isValid !== false && errors.length === 0, errors };
    },
  };
}

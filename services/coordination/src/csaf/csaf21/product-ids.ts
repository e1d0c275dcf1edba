// CSAF 2.1 mandatory tests 6.1.1–6.1.3 as the current draft has them. The draft replaced 2.0's
// `relationships` by `product_tree.product_paths`, whose `full_product_name` defines a product too;
// csaf-validator-lib 2.0.10 does not know them (it calls a product defined by a path undefined, and never
// follows paths for circles), so these are ours.
import { type CsafTestResult, type Json, arrayOf, isObject, resultOf } from './types.ts';

interface Definition {
  id: string;
  path: string;
}

/** Every full product name of the product tree (branches, full_product_names, product paths), in order. */
export function fullProductNames(document: unknown): { name: Json; path: string }[] {
  const tree = isObject(document) && isObject(document.product_tree) ? document.product_tree : {};
  const out: { name: Json; path: string }[] = [];
  const add = (name: unknown, path: string) => {
    if (isObject(name)) out.push({ name, path });
  };
  const walk = (branches: unknown, path: string) =>
    arrayOf(branches).forEach((branch, i) => {
      if (!isObject(branch)) return;
      add(branch.product, `${path}/${i}/product`);
      walk(branch.branches, `${path}/${i}/branches`);
    });
  walk(tree.branches, '/product_tree/branches');
  arrayOf(tree.full_product_names).forEach((n, i) => add(n, `/product_tree/full_product_names/${i}`));
  arrayOf(tree.product_paths).forEach((p, i) =>
    add(isObject(p) ? p.full_product_name : undefined, `/product_tree/product_paths/${i}/full_product_name`),
  );
  return out;
}

/** Every product_id a full product name defines, in order. */
export function definedProductIds(document: unknown): Definition[] {
  return fullProductNames(document).flatMap(({ name, path }) =>
    typeof name.product_id === 'string' ? [{ id: name.product_id, path: `${path}/product_id` }] : [],
  );
}

/** Each product id that refers to a product (6.1.1's list of paths), with where it is. */
function productReferences(document: Json): Definition[] {
  const out: Definition[] = [];
  const ids = (list: unknown, path: string) =>
    arrayOf(list).forEach((id, i) => {
      if (typeof id === 'string') out.push({ id, path: `${path}/${i}` });
    });
  const each = (list: unknown, path: string, field: string) =>
    arrayOf(list).forEach((item, i) => {
      if (isObject(item)) ids(item[field], `${path}/${i}/${field}`);
    });
  const doc = isObject(document.document) ? document.document : {};
  each(doc.notes, '/document/notes', 'product_ids');
  const tree = isObject(document.product_tree) ? document.product_tree : {};
  each(tree.product_groups, '/product_tree/product_groups', 'product_ids');
  arrayOf(tree.product_paths).forEach((p, i) => {
    if (!isObject(p)) return;
    const at = `/product_tree/product_paths/${i}`;
    if (typeof p.beginning_product_reference === 'string')
      out.push({ id: p.beginning_product_reference, path: `${at}/beginning_product_reference` });
    arrayOf(p.subpaths).forEach((s, j) => {
      if (isObject(s) && typeof s.next_product_reference === 'string')
        out.push({ id: s.next_product_reference, path: `${at}/subpaths/${j}/next_product_reference` });
    });
  });
  arrayOf(document.vulnerabilities).forEach((v, i) => {
    if (!isObject(v)) return;
    const at = `/vulnerabilities/${i}`;
    for (const list of ['first_known_exploitation_dates', 'flags', 'ids', 'involvements', 'notes']) {
      each(v[list], `${at}/${list}`, 'product_ids');
    }
    each(v.metrics, `${at}/metrics`, 'products');
    if (isObject(v.product_status)) {
      for (const [group, list] of Object.entries(v.product_status))
        ids(list, `${at}/product_status/${group}`);
    }
    each(v.remediations, `${at}/remediations`, 'product_ids');
    each(v.threats, `${at}/threats`, 'product_ids');
  });
  return out;
}

/** 6.1.1 Missing Definition of Product ID. */
export function missingProductDefinition(document: unknown): CsafTestResult {
  if (!isObject(document)) return resultOf([]);
  const defined = new Set(definedProductIds(document).map((d) => d.id));
  return resultOf(
    productReferences(document)
      .filter((r) => !defined.has(r.id))
      .map((r) => ({ instancePath: r.path, message: 'definition of product id missing' })),
  );
}

/** 6.1.2 Multiple Definition of Product ID: every definition after the first is named. */
export function multipleProductDefinition(document: unknown): CsafTestResult {
  const seen = new Set<string>();
  const errors: CsafTestResult['errors'] = [];
  for (const d of definedProductIds(document)) {
    if (seen.has(d.id)) errors.push({ instancePath: d.path, message: 'duplicate definition product id' });
    seen.add(d.id);
  }
  return resultOf(errors);
}

/**
 * 6.1.3 Circular Definition of Product ID: a product a path defines must not be reached again by
 * following the references of the paths that define the products it is built from.
 */
export function circularProductDefinition(document: unknown): CsafTestResult {
  const tree = isObject(document) && isObject(document.product_tree) ? document.product_tree : {};
  const paths = arrayOf(tree.product_paths).filter(isObject);
  // A product defined by a path → the products that path refers to.
  const refersTo = new Map<string, string[]>();
  for (const p of paths) {
    const id = isObject(p.full_product_name) ? p.full_product_name.product_id : undefined;
    if (typeof id !== 'string') continue;
    const refs = [
      p.beginning_product_reference,
      ...arrayOf(p.subpaths).map((s) => (isObject(s) ? s.next_product_reference : undefined)),
    ].filter((r): r is string => typeof r === 'string');
    refersTo.set(id, [...(refersTo.get(id) ?? []), ...refs]);
  }
  const reaches = (from: string, target: string): boolean => {
    const seen = new Set<string>();
    const stack = [...(refersTo.get(from) ?? [])];
    while (stack.length) {
      const id = stack.pop()!;
      if (id === target) return true;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(refersTo.get(id) ?? []));
    }
    return false;
  };
  const errors: CsafTestResult['errors'] = [];
  arrayOf(tree.product_paths).forEach((p, i) => {
    const id = isObject(p) && isObject(p.full_product_name) ? p.full_product_name.product_id : undefined;
    if (typeof id === 'string' && reaches(id, id))
      errors.push({
        instancePath: `/product_tree/product_paths/${i}/full_product_name/product_id`,
        message: 'circular definition of product id',
      });
  });
  return resultOf(errors);
}

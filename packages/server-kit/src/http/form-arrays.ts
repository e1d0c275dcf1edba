// Forms send lists the way the spec writes them — `names[]=a&names[]=b` — which @fastify/formbody reads
// as a key named `names[]`. Before the route's schema runs, such keys are folded into the plain name
// (`names`), merged with any plain values, so JSON `{names: [...]}` and the form mean the same.
export function foldBracketKeys(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const keys = Object.keys(record).filter((k) => k.endsWith('[]') && k.length > 2);
  if (keys.length === 0) return body;
  const out: Record<string, unknown> = { ...record };
  for (const key of keys) {
    const plain = key.slice(0, -2);
    const values = ([] as unknown[]).concat(out[plain] ?? [], record[key] as never);
    delete out[key];
    out[plain] = values;
  }
  return out;
}

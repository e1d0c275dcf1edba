// The loader hook record-module-loads.mjs registers (it runs on the loader's own thread).
import { appendFileSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  if (process.env.CVDP_LOADED_MODULES) appendFileSync(process.env.CVDP_LOADED_MODULES, `${url}\n`);
  return nextLoad(url, context);
}

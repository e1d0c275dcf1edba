// What other domains use of the embargo (the advisory's publication: its guard rails read the embargo, an
// override is written to its log, publishing ends it). The merger wires these in.
export { appendEmbargoLog } from './log.ts';
export { currentEmbargo, exitEmbargo } from './store.ts';
export { embargoRoutes } from './routes.ts';
export { embargoWorkerPlugin } from './worker-plugin.ts';
export { embargoEndsBefore, holdingEmbargoEnd } from './case-list.ts';

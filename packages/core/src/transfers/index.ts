// Transfers of a case to another instance (issue 14): the wire contract between the two instances
// (receive.ts); the sending side's own calls are exported beside it.
export * from './receive.ts';
export * from './send.ts';

// A case's files: the wire shapes.
export * from './wire.ts';

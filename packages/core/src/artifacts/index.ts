// A case's files: the wire shapes and the inputs of their calls.
export * from './wire.ts';
export * from './schemas.ts';

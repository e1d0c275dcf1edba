export * from './status.ts';
export * from './roles.ts';

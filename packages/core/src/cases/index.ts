export * from './status.ts';
export * from './roles.ts';
export * from './workspace.ts';

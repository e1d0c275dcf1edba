export * from './embargo.ts';
export * from './embargo-log.ts';
export * from './embargo-changes.ts';

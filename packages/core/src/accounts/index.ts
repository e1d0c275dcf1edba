// Accounts, groups and API tokens: the wire shapes (the input rules live in ../auth).
export * from './wire.ts';

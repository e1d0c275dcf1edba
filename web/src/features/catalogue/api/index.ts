// The administration catalogue's calls (admins only), one file per endpoint: its fetcher, its query options
// and its hook (or its mutation hook, which owns what to refresh afterwards). Components call the hooks only.
export * from './resolutions.ts';
export * from './create-resolution.ts';
export * from './update-resolution.ts';
export * from './delete-resolution.ts';
export * from './tag-options.ts';
export * from './create-tag.ts';
export * from './tag-usage.ts';
export * from './rename-tag.ts';
export * from './merge-tags.ts';
export * from './remove-tag.ts';
export * from './vul-attributes.ts';
export * from './create-vul-attribute.ts';
export * from './update-vul-attribute.ts';
export * from './delete-vul-attribute.ts';
export * from './connections.ts';
export * from './create-connection.ts';
export * from './update-connection.ts';
export * from './delete-connection.ts';
export * from './test-connection.ts';

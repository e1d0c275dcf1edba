// The email templates' calls (admins only), one file per endpoint: its fetcher, its query options and its
// hook (or its mutation hook, which owns what to refresh afterwards). Components call the hooks only.
export * from './templates.ts';
export * from './create-template.ts';
export * from './update-template.ts';
export * from './delete-template.ts';
export * from './template-preview.ts';

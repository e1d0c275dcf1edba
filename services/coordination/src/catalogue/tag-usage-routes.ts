// Tags as they are used (issue 24): the list of every tag — catalogue rows and names cases or vulnerabilities
// carry — with how many carry each, and rename, merge and remove by kind and name, reaching every carrier.
// Admins only, like the rest of the catalogue. `usage` is no tag kind, so GET manage/tags/usage/ never
// shadows a manage/tags/{kind}/ list.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DUPLICATE_TAG,
  tagMergeSchema,
  tagRemoveSchema,
  tagRemovedSchema,
  tagRenameSchema,
  tagUsageSchema,
} from '@cvdp/core';
import { mapUniqueViolations, routes } from '@cvdp/server-kit';
import { listTagUsage, mergeTags, removeTagEverywhere, renameTag } from './tag-usage.ts';

const admin = { access: ['admin'] as const, tags: ['manage'] };
/** A rename that races another catalogue change onto the same name. */
const uniqueNewName = {
  tags_kind_name_lower_idx: { field: 'new_name', message: DUPLICATE_TAG, status: 409 as const },
};

export function tagUsageRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);

  r.get(
    '/manage/tags/usage/',
    {
      ...admin,
      summary:
        'Every tag of both kinds, from the catalogue and from what cases and vulnerabilities carry, with how many carry each (admin)',
      response: { 200: z.array(tagUsageSchema) },
    },
    () => listTagUsage(db),
  );
  r.post(
    '/manage/tags/usage/rename/',
    {
      ...admin,
      summary:
        'Rename a tag (kind, name) on its catalogue row and every case or vulnerability; 409 if the new name is taken (admin)',
      body: tagRenameSchema,
      response: { 200: tagUsageSchema },
    },
    (request) => mapUniqueViolations(() => renameTag(db, request.user!.id, request.body), uniqueNewName),
  );
  r.post(
    '/manage/tags/usage/merge/',
    {
      ...admin,
      summary:
        'Merge tag source into target: every carrier of source carries target once; source is gone (admin)',
      body: tagMergeSchema,
      response: { 200: tagUsageSchema },
    },
    (request) => mergeTags(db, request.user!.id, request.body),
  );
  r.post(
    '/manage/tags/usage/remove/',
    {
      ...admin,
      summary: 'Remove a tag (kind, name) from every case or vulnerability and from the catalogue (admin)',
      body: tagRemoveSchema,
      response: { 200: tagRemovedSchema },
    },
    (request) => removeTagEverywhere(db, request.user!.id, request.body),
  );
}

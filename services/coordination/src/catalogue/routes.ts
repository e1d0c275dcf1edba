// The administration catalogue (issue 14): tags (manage/tags/, optional kind suffix), vulnerability
// attributes (manage/vul/attributes/) and the admin audit list of changes outside any case
// (manage/activity/). Tags are carried by name on cases (cases.tags) and vulnerabilities (vulnerabilities.tags):
// renaming a tag renames it there (in any spelling) in the same transaction, and one in use cannot be
// deleted by id (409 with the count); manage/tags/usage/ (tag-usage-routes.ts) lists every tag in use and
// renames, merges and removes tags everywhere. Vulnerabilities hold attribute values by attribute id
// (vulnerabilities.attributes): an attribute with values cannot be deleted (409 with the count), nor its type
// or choices changed so that a held value would no longer fit (409). Admins only; every change writes an
// activity row with before/after in its transaction.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DUPLICATE_TAG,
  DUPLICATE_VUL_ATTRIBUTE,
  TAG_KINDS,
  TAG_KIND_LABELS,
  VUL_ATTRIBUTE_TYPES,
  auditEntrySchema,
  auditQuery,
  idParams,
  tagCreateSchema,
  tagKindParams,
  tagSchema,
  tagUpdateSchema,
  vulAttributeCreateSchema,
  vulAttributeSchema,
  vulAttributeUpdateSchema,
  type TagKind,
} from '@cvdp/core';
import {
  defineRoute,
  mapUniqueViolations,
  noContent,
  pageOf,
  pageQuery,
  paginate,
  routes,
} from '@cvdp/server-kit';
import { attributeView, listVulAttributes } from './attributes.ts';
import { tagFormSchema } from './responses.ts';
import { tagUsageRoutes } from './tag-usage-routes.ts';
import {
  countAuditEntries,
  createTag,
  createVulAttribute,
  deleteTag,
  deleteVulAttribute,
  listAuditEntries,
  listTags,
  updateTag,
  updateVulAttribute,
} from './store.ts';

const admin = { access: ['admin'] as const, tags: ['manage'] };
const auditListQuery = pageQuery(50, 200).extend(auditQuery.shape);
const uniqueTag = { tags_kind_name_lower_idx: { field: 'name', message: DUPLICATE_TAG } };
const uniqueAttribute = {
  vul_attributes_name_lower_idx: { field: 'name', message: DUPLICATE_VUL_ATTRIBUTE },
};

export async function catalogueRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);

  // --- Tags -----------------------------------------------------------------------------------------

  // The catalogue's rows by id below; every tag in use, by kind and name, in tag-usage-routes.ts.
  tagUsageRoutes(app);

  const addTag = (actorId: number, body: { name: string; description: string }, kind: TagKind) =>
    mapUniqueViolations(() => createTag(db, actorId, kind, body), uniqueTag);

  r.get(
    '/manage/tags/',
    { ...admin, summary: 'Tags of every kind (admin)', response: { 200: z.array(tagSchema) } },
    () => listTags(db),
  );
  r.get(
    '/manage/tags/:kind/',
    {
      ...admin,
      summary: 'Tags of one kind: case or vul (admin)',
      params: tagKindParams,
      response: { 200: z.array(tagSchema) },
    },
    (request) => listTags(db, request.params.kind),
  );
  r.post(
    '/manage/tags/',
    {
      ...admin,
      summary: 'Add a tag (kind in the body, default case) (admin)',
      body: tagCreateSchema,
      response: { 201: tagSchema },
    },
    async (request, reply) =>
      reply.status(201).send(await addTag(request.user!.id, request.body, request.body.kind ?? 'case')),
  );
  r.post(
    '/manage/tags/:kind/',
    {
      ...admin,
      summary: 'Add a tag of this kind (admin)',
      params: tagKindParams,
      body: tagCreateSchema,
      response: { 201: tagSchema },
    },
    async (request, reply) =>
      reply.status(201).send(await addTag(request.user!.id, request.body, request.params.kind)),
  );
  defineRoute(
    app,
    'OPTIONS',
    '/manage/tags/',
    { ...admin, summary: 'The tag form: kinds and fields', response: { 200: tagFormSchema } },
    async () => ({
      name: 'Tag',
      kinds: TAG_KINDS.map((value) => ({ value, display_name: TAG_KIND_LABELS[value] })),
      actions: {
        POST: {
          name: { type: 'string', required: true, label: 'Name', max_length: 50 },
          description: { type: 'string', required: false, label: 'Description', max_length: 500 },
          kind: {
            type: 'choice',
            required: false,
            default: 'case',
            label: 'Kind',
            choices: TAG_KINDS.map((value) => ({ value, display_name: TAG_KIND_LABELS[value] })),
          },
        },
      },
    }),
  );

  r.patch(
    '/manage/tag/:id/',
    {
      ...admin,
      summary:
        'Edit a tag: name, description; a new name is renamed on every case or vulnerability, 409 if one carries it already (admin)',
      params: idParams,
      body: tagUpdateSchema,
      response: { 200: tagSchema },
    },
    (request) =>
      mapUniqueViolations(() => updateTag(db, request.user!.id, request.params.id, request.body), uniqueTag),
  );
  r.delete(
    '/manage/tag/:id/',
    {
      ...admin,
      summary: 'Remove a tag no case or vulnerability carries (admin)',
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      await deleteTag(db, request.user!.id, request.params.id);
      return reply.status(204).send();
    },
  );

  // --- Vulnerability attributes ---------------------------------------------------------------------

  r.get(
    '/manage/vul/attributes/',
    {
      ...admin,
      summary: 'Custom fields a vulnerability can carry (admin)',
      response: { 200: z.array(vulAttributeSchema) },
    },
    async () => (await listVulAttributes(db)).map(attributeView),
  );
  r.post(
    '/manage/vul/attributes/',
    {
      ...admin,
      summary: `Add a vulnerability attribute (type ${VUL_ATTRIBUTE_TYPES.join(', ')}) (admin)`,
      body: vulAttributeCreateSchema,
      response: { 201: vulAttributeSchema },
    },
    async (request, reply) => {
      const created = await mapUniqueViolations(
        () => createVulAttribute(db, request.user!.id, request.body),
        uniqueAttribute,
      );
      return reply.status(201).send(created);
    },
  );
  r.patch(
    '/manage/vul/attributes/:id/',
    {
      ...admin,
      summary: 'Edit a vulnerability attribute: name, type, choices, required (admin)',
      params: idParams,
      body: vulAttributeUpdateSchema,
      response: { 200: vulAttributeSchema },
    },
    (request) =>
      mapUniqueViolations(
        () => updateVulAttribute(db, request.user!.id, request.params.id, request.body),
        uniqueAttribute,
      ),
  );
  r.delete(
    '/manage/vul/attributes/:id/',
    {
      ...admin,
      summary: 'Remove a vulnerability attribute (admin)',
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      await deleteVulAttribute(db, request.user!.id, request.params.id);
      return reply.status(204).send();
    },
  );

  // --- The audit list: changes outside any case (catalogue, accounts, settings) -----------------------

  r.get(
    '/manage/activity/',
    {
      ...admin,
      summary:
        'Changes outside any case with before/after, newest first (?object_type, ?actor, ?since, ?until) (admin)',
      query: auditListQuery,
      response: { 200: pageOf(auditEntrySchema) },
    },
    (request) =>
      paginate(
        request,
        request.query,
        () => countAuditEntries(db, request.query),
        (limit, offset) => listAuditEntries(db, request.query, limit, offset),
      ),
  );
}

// The administration catalogue (issue 14): tags (manage/tags/, optional kind suffix), vulnerability
// attributes (manage/vul/attributes/) and the admin audit list of changes outside any case
// (manage/activity/). Tags are carried by name on cases (cases.tags) and vulnerabilities (vulnerabilities.tags):
// renaming a tag renames it there in the same transaction, and one in use cannot be deleted (409 with the
// count). Vulnerabilities hold attribute values by attribute id (vulnerabilities.attributes): an attribute
// with values cannot be deleted (409 with the count), nor its type or choices changed so that a held value
// would no longer fit (409). Admins only; every change writes an activity row with before/after in its
// transaction.
import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  DUPLICATE_TAG,
  DUPLICATE_VUL_ATTRIBUTE,
  TAG_KINDS,
  TAG_KIND_LABELS,
  VUL_ATTRIBUTE_TYPES,
  auditQuery,
  idParams,
  tagCreateSchema,
  tagInUse,
  tagKindParams,
  tagUpdateSchema,
  vulAttributeChangeInvalidates,
  vulAttributeChoiceProblems,
  vulAttributeInUse,
  vulAttributeCreateSchema,
  vulAttributeUpdateSchema,
  type AuditEntry,
  type Tag,
  type TagKind,
  type VulAttribute,
  type VulAttributeType,
} from '@cvdp/core';
import {
  HttpError,
  activity,
  defineRoute,
  mapUniqueViolations,
  notFound,
  pageQuery,
  paginate,
  recordActivity,
  routes,
} from '@cvdp/server-kit';
import { refOf, userRefs } from '../accounts/user-refs.ts';
import { cases } from '../cases/tables.ts';
import { vulnerabilities } from '../vuls/tables.ts';
import {
  attributeView,
  listVulAttributes,
  vulsHoldingAttribute,
  vulsInvalidatedBy,
  type AttributeRow,
} from './attributes.ts';
import { tags, vulAttributes } from './tables.ts';

const admin = { access: ['admin'] as const, tags: ['manage'] };
const auditListQuery = pageQuery(50, 200).extend(auditQuery.shape);

type TagRow = typeof tags.$inferSelect;

const tagView = (t: TagRow): Tag => ({
  id: t.id,
  kind: t.kind as TagKind,
  name: t.name,
  description: t.description,
  created: t.createdAt.toISOString(),
});
/** What the activity log keeps of a tag. */
const tagAudit = (t: TagRow) => ({ kind: t.kind, name: t.name, description: t.description });

const attributeAudit = (a: AttributeRow) => ({
  name: a.name,
  type: a.type,
  choices: a.choices,
  required: a.required,
});

/** The day after an inclusive yyyy-MM-dd, as the exclusive upper bound (UTC). */
const dayStart = (d: string, plusDays = 0) => new Date(Date.parse(`${d}T00:00:00Z`) + plusDays * 86_400_000);

export async function catalogueRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);

  // --- Tags -----------------------------------------------------------------------------------------

  const listTags = async (kind?: TagKind): Promise<Tag[]> =>
    (
      await db
        .select()
        .from(tags)
        .where(kind ? eq(tags.kind, kind) : undefined)
        .orderBy(asc(tags.kind), sql`lower(${tags.name})`, asc(tags.id))
    ).map(tagView);

  async function createTag(actorId: number, body: { name: string; description: string }, kind: TagKind) {
    return mapUniqueViolations(
      () =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(tags)
            .values({ kind, name: body.name, description: body.description })
            .returning();
          await recordActivity(tx, {
            actorId,
            verb: 'added tag',
            objectType: 'tag',
            objectId: row.id,
            after: tagAudit(row),
          });
          return tagView(row);
        }),
      { tags_kind_name_lower_idx: { field: 'name', message: DUPLICATE_TAG } },
    );
  }

  r.get('/manage/tags/', { ...admin, summary: 'Tags of every kind (admin)' }, () => listTags());
  r.get(
    '/manage/tags/:kind/',
    { ...admin, summary: 'Tags of one kind: case or vul (admin)', params: tagKindParams },
    (request) => listTags(request.params.kind),
  );
  r.post(
    '/manage/tags/',
    { ...admin, summary: 'Add a tag (kind in the body, default case) (admin)', body: tagCreateSchema },
    async (request, reply) =>
      reply.status(201).send(await createTag(request.user!.id, request.body, request.body.kind ?? 'case')),
  );
  r.post(
    '/manage/tags/:kind/',
    { ...admin, summary: 'Add a tag of this kind (admin)', params: tagKindParams, body: tagCreateSchema },
    async (request, reply) =>
      reply.status(201).send(await createTag(request.user!.id, request.body, request.params.kind)),
  );
  defineRoute(
    app,
    'OPTIONS',
    '/manage/tags/',
    { ...admin, summary: 'The tag form: kinds and fields' },
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
  /** Where a tag of this kind is carried: the cases' or the vulnerabilities' tags column. */
  const carriers = (kind: string) => (kind === 'vul' ? vulnerabilities : cases);

  r.patch(
    '/manage/tag/:id/',
    {
      ...admin,
      summary: 'Edit a tag: name, description; a new name is renamed on every case or vulnerability (admin)',
      params: idParams,
      body: tagUpdateSchema,
    },
    async (request): Promise<Tag> =>
      mapUniqueViolations(
        () =>
          db.transaction(async (tx) => {
            const [before] = await tx.select().from(tags).where(eq(tags.id, request.params.id)).for('update');
            if (!before) throw notFound('No tag with this id.');
            const [after] = await tx
              .update(tags)
              .set({ name: request.body.name ?? before.name, description: request.body.description })
              .where(eq(tags.id, before.id))
              .returning();
            let renamed = 0;
            if (after.name !== before.name) {
              // The new name replaces the old one where it is carried (once, if it was there already).
              const table = carriers(before.kind);
              const moved = await tx
                .update(table)
                .set({
                  tags: sql`array_replace(array_remove(${table.tags}, ${after.name}::text), ${before.name}::text, ${after.name}::text)`,
                })
                .where(sql`${table.tags} @> array[${before.name}]::text[]`)
                .returning({ id: table.id });
              renamed = moved.length;
            }
            await recordActivity(tx, {
              actorId: request.user!.id,
              verb: 'changed tag',
              objectType: 'tag',
              objectId: before.id,
              before: tagAudit(before),
              after: { ...tagAudit(after), ...(renamed ? { renamed_on: renamed } : {}) },
            });
            return tagView(after);
          }),
        { tags_kind_name_lower_idx: { field: 'name', message: DUPLICATE_TAG } },
      ),
  );
  r.delete(
    '/manage/tag/:id/',
    { ...admin, summary: 'Remove a tag no case or vulnerability carries (admin)', params: idParams },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(tags).where(eq(tags.id, request.params.id)).for('update');
        if (!row) throw notFound('No tag with this id.');
        const table = carriers(row.kind);
        const [{ n }] = await tx
          .select({ n: count() })
          .from(table)
          .where(sql`${table.tags} @> array[${row.name}]::text[]`);
        if (n > 0) throw new HttpError(409, tagInUse(row.kind as TagKind, n));
        await tx.delete(tags).where(eq(tags.id, row.id));
        await recordActivity(tx, {
          actorId: request.user!.id,
          verb: 'removed tag',
          objectType: 'tag',
          objectId: row.id,
          before: tagAudit(row),
        });
      });
      return reply.status(204).send();
    },
  );

  // --- Vulnerability attributes ---------------------------------------------------------------------

  r.get(
    '/manage/vul/attributes/',
    { ...admin, summary: 'Custom fields a vulnerability can carry (admin)' },
    async (): Promise<VulAttribute[]> => (await listVulAttributes(db)).map(attributeView),
  );
  r.post(
    '/manage/vul/attributes/',
    {
      ...admin,
      summary: `Add a vulnerability attribute (type ${VUL_ATTRIBUTE_TYPES.join(', ')}) (admin)`,
      body: vulAttributeCreateSchema,
    },
    async (request, reply) => {
      const created = await mapUniqueViolations(
        () =>
          db.transaction(async (tx) => {
            const [row] = await tx.insert(vulAttributes).values(request.body).returning();
            await recordActivity(tx, {
              actorId: request.user!.id,
              verb: 'added vulnerability attribute',
              objectType: 'vul_attribute',
              objectId: row.id,
              after: attributeAudit(row),
            });
            return attributeView(row);
          }),
        { vul_attributes_name_lower_idx: { field: 'name', message: DUPLICATE_VUL_ATTRIBUTE } },
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
    },
    async (request): Promise<VulAttribute> =>
      mapUniqueViolations(
        () =>
          db.transaction(async (tx) => {
            const [before] = await tx
              .select()
              .from(vulAttributes)
              .where(eq(vulAttributes.id, request.params.id))
              .for('update');
            if (!before) throw notFound('No vulnerability attribute with this id.');
            const b = request.body;
            const type = b.type ?? (before.type as VulAttributeType);
            // Away from choice without new choices: the old choices go with the type.
            const choices = b.choices ?? (type === 'choice' ? before.choices : []);
            const problems = vulAttributeChoiceProblems({ type, choices });
            if (problems.length) throw new HttpError(400, problems[0], { choices: problems });
            // Values vulnerabilities hold must still fit: a change that would invalidate one is refused.
            const reshaped = type !== before.type || choices.some((c, i) => before.choices[i] !== c);
            if (reshaped || choices.length !== before.choices.length) {
              const invalid = await vulsInvalidatedBy(tx, before.id, { type, choices });
              if (invalid) throw new HttpError(409, vulAttributeChangeInvalidates(invalid));
            }
            const [after] = await tx
              .update(vulAttributes)
              .set({ name: b.name, type, choices, required: b.required })
              .where(eq(vulAttributes.id, before.id))
              .returning();
            await recordActivity(tx, {
              actorId: request.user!.id,
              verb: 'changed vulnerability attribute',
              objectType: 'vul_attribute',
              objectId: before.id,
              before: attributeAudit(before),
              after: attributeAudit(after),
            });
            return attributeView(after);
          }),
        { vul_attributes_name_lower_idx: { field: 'name', message: DUPLICATE_VUL_ATTRIBUTE } },
      ),
  );
  r.delete(
    '/manage/vul/attributes/:id/',
    { ...admin, summary: 'Remove a vulnerability attribute (admin)', params: idParams },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        const [found] = await tx
          .select()
          .from(vulAttributes)
          .where(eq(vulAttributes.id, request.params.id))
          .for('update');
        if (!found) throw notFound('No vulnerability attribute with this id.');
        // One some vulnerability holds a value for stays (409), like a tag in use.
        const holding = await vulsHoldingAttribute(tx, found.id);
        if (holding) throw new HttpError(409, vulAttributeInUse(holding));
        const [row] = await tx.delete(vulAttributes).where(eq(vulAttributes.id, found.id)).returning();
        await recordActivity(tx, {
          actorId: request.user!.id,
          verb: 'removed vulnerability attribute',
          objectType: 'vul_attribute',
          objectId: row.id,
          before: attributeAudit(row),
        });
      });
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
    },
    (request) => {
      const q = request.query;
      const conditions: (SQL | undefined)[] = [isNull(activity.caseId)];
      if (q.object_type) conditions.push(eq(activity.objectType, q.object_type));
      if (q.actor !== undefined) conditions.push(eq(activity.actorId, q.actor));
      if (q.since) conditions.push(gte(activity.at, dayStart(q.since)));
      if (q.until) conditions.push(lt(activity.at, dayStart(q.until, 1)));
      const where = and(...conditions);
      return paginate(
        request,
        q,
        async () => (await db.select({ n: count() }).from(activity).where(where))[0].n,
        async (limit, offset): Promise<AuditEntry[]> => {
          const rows = await db
            .select()
            .from(activity)
            .where(where)
            .orderBy(desc(activity.at), desc(activity.id))
            .limit(limit)
            .offset(offset);
          const refs = await userRefs(
            db,
            rows.map((a) => a.actorId),
          );
          return rows.map((a) => ({
            id: a.id,
            actor: refOf(refs, a.actorId),
            verb: a.verb,
            object_type: a.objectType,
            object_id: a.objectId,
            before: a.before,
            after: a.after,
            created: a.at.toISOString(),
          }));
        },
      );
    },
  );
}

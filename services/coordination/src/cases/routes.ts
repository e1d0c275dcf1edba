// Case calls (SPEC §7): the case lists (GET /api/cases/, /api/triage/), the contacts typeahead, one case
// (GET/PATCH /api/cases/{id}/ — with what other domains add to it, the report), the states, the metadata a
// list and a case page need, and the resolutions a case is closed with (manage/case/options/…).
import type { FastifyInstance } from 'fastify';
import { type SQL, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  CASE_ROLES,
  CASE_STATUSES,
  type CaseCallerMetadata,
  type CaseListMetadata,
  type CaseListRow,
  type CasePermissions,
  type CaseStateOption,
  type Contact,
  type ResolutionOption,
  type TriageRow,
  TRIAGE_ORDERINGS,
  caseCallerMetadataSchema,
  caseDetailSchema,
  caseListFilters,
  caseListMetadataSchema,
  caseListRowSchema,
  caseStateOptionSchema,
  caseStatusLabel,
  caseUpdateSchema,
  contactSchema,
  highestRole,
  idParams,
  isCaseRole,
  resolutionCreateSchema,
  resolutionOptionSchema,
  resolutionUpdateSchema,
  triageRowSchema,
} from '@cvdp/core';
import {
  type Db,
  HttpError,
  STAFF,
  mapUniqueViolations,
  noContent,
  notFound,
  cappedPageFrom,
  cappedPageOf,
  countBound,
  pageFrom,
  pageQuery,
  paginateCapped,
  recordActivity,
  routes,
} from '@cvdp/server-kit';
import { caseGroup, notify, participantUserIds } from '../notifications/notify.ts';
import { type CaseAccess, type PolicyAction, callerOf, can } from '../policy/index.ts';
import { reports } from '../reports/tables.ts';
import { caseScope } from './case-scope.ts';
import { caseView, type CaseDetailPart } from './case-view.ts';
import { contactsQuery, findContacts } from './contacts.ts';
import { type CaseListColumns, type CaseListPageRow, listCasePage, readCasePage } from './list-page.ts';
import {
  type CaseListFilter,
  countCasesUpToKept,
  readsFewOwned,
  walksDenseMatches,
  walksOwnedPrefix,
  listResolutions,
  recordSeen,
  type TriagePageQuery,
  type TriagePageRow,
  sortRoles,
  tagsInUse,
  updateCase,
} from './store.ts';
import { cases, resolutionOptions } from './tables.ts';

export interface CaseRoutesOptions {
  /** What other domains add to the case detail (e.g. `report`), composed by app.ts. */
  detailParts: CaseDetailPart[];
  /**
   * What higher domains show in a row of the case list, as expressions over its case id (the page is one
   * statement): the cases waiting for the caller's vendor status (`awaiting_my_status`, vendor-status) and
   * each case's holding embargo end (embargo). app.ts passes them in.
   */
  listColumns: CaseListColumns;
  /** The embargo's "ends before" filter of the list. */
  embargoEndsBefore: (db: Db, before: Date) => SQL;
  /**
   * Issue 28's quality signals (triage-quality, a higher domain): a page of the triage queue with each row's
   * score, oldest or weakest first, and the queue's count up to the cap.
   */
  triageQuality: {
    page: (db: Db, q: TriagePageQuery) => Promise<TriagePageRow[]>;
  };
}

export const CASE_LIST_MAX_PAGE_SIZE = 100;

const caseListQuery = pageQuery(20, CASE_LIST_MAX_PAGE_SIZE).extend(caseListFilters.shape);
const triageQuery = pageQuery(20, CASE_LIST_MAX_PAGE_SIZE).extend({
  query: caseListFilters.shape.query,
  ordering: z
    .enum(TRIAGE_ORDERINGS)
    .optional()
    .describe('`submitted` (the default): oldest first; `quality`: weakest first, then oldest'),
  /** true: only the reports held beyond a submit limit (the Held section); otherwise the queue without them. */
  held: z.enum(['true', 'false', '1', '0'], 'held is true or false.').optional(),
});
const heldOnly = (held?: string) => held === 'true' || held === '1';

export const DUPLICATE_RESOLUTION = 'A resolution with this name exists.';
export const resolutionInUse = (n: number) =>
  `This resolution is used by ${n} closed case${n === 1 ? '' : 's'} and cannot be deleted.`;

const STATUS_VERB_TEXT: Record<string, string> = {
  activated: 'activated',
  closed: 'closed',
  reopened: 'reopened',
};

export const caseStates = (): CaseStateOption[] =>
  CASE_STATUSES.map((value) => ({ value, label: caseStatusLabel(value) }));

/** What the caller may do in the case, from the policy alone (the page shows or hides actions by it). */
async function casePermissions(app: FastifyInstance, access: CaseAccess): Promise<CasePermissions> {
  const [report] = await app.db
    .select()
    .from(reports)
    .where(eq(reports.caseId, access.caseId))
    .orderBy(asc(reports.id))
    .limit(1);
  const may = (action: PolicyAction, row?: unknown) => can(action, access, row as never);
  return {
    edit_case: may('case.edit'),
    change_status: may('case.edit'),
    manage_participants: may('participant.manage'),
    assign: may('assignment.manage'),
    notify: may('participant.notify'),
    edit_report: report !== undefined && may('report.edit', report),
    read_original: report !== undefined && may('report.read_original', report),
    add_report: may('report.add'),
    // The activity rows about the case itself: the ones every reader of its log may see.
    view_activity: may('activity.read', {
      caseId: access.caseId,
      objectType: 'case',
      objectId: String(access.caseId),
    }),
  };
}

export async function caseRoutes(app: FastifyInstance, options: CaseRoutesOptions) {
  const { db } = app;
  const r = routes(app);
  const inCase = caseScope(app);
  const staffOnly = { access: STAFF };
  const adminOnly = { access: ['admin'] as const };

  r.get(
    '/api/cases/',
    {
      summary:
        'The cases the caller may see (filters: query, status, owned, tag, embargo_ends_before; ordering); with `query` or `owned` the count stops at 1,000 (count_capped)',
      tags: ['cases'],
      access: 'user',
      query: caseListQuery,
      response: { 200: cappedPageOf(caseListRowSchema) },
    },
    async (request) => {
      const caller = callerOf(request.user!);
      const { embargo_ends_before: before, ...rest } = request.query;
      const f: CaseListFilter & { query?: string } = {
        ...rest,
        where: before && options.embargoEndsBefore(db, before),
      };
      const rowsOf = (rows: CaseListPageRow[]): CaseListRow[] =>
        rows.map((c) => ({
          id: c.id,
          title: c.title,
          status: c.status,
          status_label: caseStatusLabel(c.status),
          owners: c.owners,
          tags: c.tags,
          created: c.createdAt.toISOString(),
          updated: c.updatedAt.toISOString(),
          role: highestRole(c.roles.filter(isCaseRole)),
          awaiting_my_status: c.awaitingMyStatus,
          embargo_ends: c.embargoEnds?.toISOString() ?? null,
        }));
      const q = request.query;
      // A word search's and "my cases"' counts stop at the cap ("1,000+"): they grow with the desk. Someone who
      // is not staff gets the page and that count in one statement, prepared per shape (their lists are driven
      // by their own cases, list-page.ts).
      if ((f.query || f.owned) && !caller.staff && !f.where) {
        const window = { limit: q.page_size, offset: (q.page - 1) * q.page_size, bound: countBound(q) };
        const rows = await readCasePage(db, request.user!, f, window, options.listColumns);
        return cappedPageFrom(request, q, rows[0]?.total ?? 0, rowsOf(rows));
      }
      // Staff count first: whether a word search's matches are dense decides how the page reads them, and
      // "my cases" is often none (the page is then never planned).
      if (f.query || f.owned) {
        const countUpTo = async (bound: number) => {
          // Kept a moment when past the cap (store.ts, caseCounts): the next page or refresh does not count again.
          const n = await countCasesUpToKept(db, caller, f, bound);
          // More matches than the cap: listCases probes the words along the ordering's index (cases/store.ts).
          f.dense = n > bound;
          return n;
        };
        return paginateCapped(request, q, countUpTo, async (limit, offset) =>
          rowsOf(
            // Dense matches along an indexed ordering, and "my cases" past the cap: plans the words and the owner
            // never change, prepared (list-page.ts).
            walksDenseMatches(f) || walksOwnedPrefix(f) || readsFewOwned(f)
              ? await readCasePage(db, request.user!, f, { limit, offset }, options.listColumns)
              : await listCasePage(db, caller, f, limit, offset, options.listColumns),
          ),
        );
      }
      // Otherwise the page carries its exact count: one statement, prepared per shape of list (list-page.ts).
      const window = { limit: q.page_size, offset: (q.page - 1) * q.page_size };
      const rows = await readCasePage(db, request.user!, f, window, options.listColumns);
      return { ...pageFrom(request, q, rows[0]?.total ?? 0, rowsOf(rows)), count_capped: false };
    },
  );

  r.get(
    '/api/triage/',
    {
      summary:
        'Cases waiting for triage (status 0), oldest first or weakest first (ordering=quality), each with its quality signals (staff); held=true: the reports held beyond a limit',
      tags: ['cases'],
      ...staffOnly,
      query: triageQuery,
      response: { 200: cappedPageOf(triageRowSchema) },
    },
    async (request) => {
      const q = request.query;
      // A desk's queue can hold many thousands: its count stops at the cap ("1,000+"), like a word search's.
      // The page, its scores and reporters and the count are one statement (triage-quality/page.ts).
      const rows = await options.triageQuality.page(db, {
        query: q.query,
        held: heldOnly(q.held),
        byQuality: q.ordering === 'quality',
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
        countLimit: countBound(q) + 1,
        now: app.clock.now(),
      });
      const results: TriageRow[] = rows.map((row) => ({
        id: row.id,
        title: row.title,
        reporter: row.reporter,
        product: row.product ?? '',
        submitted: (row.reportCreatedAt ?? row.caseCreatedAt).toISOString(),
        quality: row.quality,
      }));
      return cappedPageFrom(request, q, rows[0]?.total ?? 0, results);
    },
  );

  r.get(
    '/api/contacts/',
    {
      summary: 'People and groups a coordinator can add to a case (staff)',
      tags: ['cases'],
      ...staffOnly,
      query: contactsQuery,
      response: { 200: z.array(contactSchema) },
    },
    (request): Promise<Contact[]> => findContacts(db, request.query.query),
  );

  inCase.get(
    '/api/cases/:id/',
    {
      summary: 'The case, as the caller may see it (records that the caller saw it)',
      tags: ['cases'],
      response: { 200: caseDetailSchema },
    },
    async (_request, _reply, access) => {
      await recordSeen(db, access.caseId, access.userId);
      return caseView(db, access, options.detailParts);
    },
  );

  inCase.patch(
    '/api/cases/:id/',
    {
      summary: 'Change the case: title, summary, status, resolution, dates, tags (staff)',
      tags: ['cases'],
      body: caseUpdateSchema,
      response: { 200: caseDetailSchema },
      allow: { action: 'case.edit' },
    },
    async (request, _reply, access) => {
      const user = request.user!;
      const result = await db.transaction(async (tx) => {
        const outcome = await updateCase(tx, user.id, access.caseId, request.body);
        if (outcome.statusVerb) {
          const label = caseStatusLabel(outcome.case.status);
          await notify(tx, {
            caseId: access.caseId,
            kind: 'status_changed',
            actorId: user.id,
            userIds: await participantUserIds(tx, access.caseId),
            title: `${user.name} ${STATUS_VERB_TEXT[outcome.statusVerb]} case #${access.caseId}`,
            group: caseGroup(access.caseId, `${user.name} ${STATUS_VERB_TEXT[outcome.statusVerb]} it`),
            vars: { status: label, reason: '' },
            publicUrl: app.config.publicUrl,
          });
        }
        return outcome;
      });
      return caseView(db, access, options.detailParts, result.case);
    },
  );

  r.get(
    '/api/case/states/',
    {
      summary: 'The states a case can be in, with their labels',
      tags: ['cases'],
      access: 'user',
      response: { 200: z.array(caseStateOptionSchema) },
    },
    async (): Promise<CaseStateOption[]> => caseStates(),
  );

  r.get(
    '/api/case/metadata/',
    {
      summary: 'What a case list needs for its filters: states, tags in use, resolutions, roles',
      tags: ['cases'],
      access: 'user',
      response: { 200: caseListMetadataSchema },
    },
    async (request): Promise<CaseListMetadata> => {
      const [tags, resolutions] = await Promise.all([
        tagsInUse(db, callerOf(request.user!)),
        listResolutions(db),
      ]);
      return { states: caseStates(), tags, resolutions, roles: [...CASE_ROLES] };
    },
  );

  inCase.get(
    '/api/case/:id/metadata/',
    {
      summary: "The caller's role in the case and what they may do there",
      tags: ['cases'],
      response: { 200: caseCallerMetadataSchema },
    },
    async (_request, _reply, access): Promise<CaseCallerMetadata> => {
      const roles = sortRoles(access.roles);
      return {
        case: access.caseId,
        staff: access.staff,
        role: highestRole(roles),
        roles,
        permissions: await casePermissions(app, access),
      };
    },
  );

  // --- Resolutions: the catalogue a case is closed with (issue 14 adds its admin screen). -------------

  r.get(
    '/manage/case/options/resolutions/',
    {
      summary: 'The resolutions a case can be closed with (staff)',
      tags: ['manage'],
      ...staffOnly,
      response: { 200: z.array(resolutionOptionSchema) },
    },
    (): Promise<ResolutionOption[]> => listResolutions(db),
  );

  r.post(
    '/manage/case/options/resolutions/',
    {
      summary: 'Add a resolution (admin)',
      tags: ['manage'],
      ...adminOnly,
      body: resolutionCreateSchema,
      response: { 201: resolutionOptionSchema },
    },
    async (request, reply) => {
      const created = await mapUniqueViolations(
        () =>
          db.transaction(async (tx) => {
            const [row] = await tx
              .insert(resolutionOptions)
              .values({ name: request.body.name, description: request.body.description })
              .returning();
            await recordActivity(tx, {
              actorId: request.user!.id,
              verb: 'added resolution',
              objectType: 'resolution_option',
              objectId: row.id,
              after: { name: row.name, description: row.description },
            });
            return row;
          }),
        { resolution_options_name_lower_idx: { field: 'name', message: DUPLICATE_RESOLUTION } },
      );
      const answer: ResolutionOption = {
        id: created.id,
        name: created.name,
        description: created.description,
      };
      return reply.status(201).send(answer);
    },
  );

  r.patch(
    '/manage/case/options/resolution/:id/',
    {
      summary: 'Edit a resolution: name, description (admin)',
      tags: ['manage'],
      ...adminOnly,
      params: idParams,
      body: resolutionUpdateSchema,
      response: { 200: resolutionOptionSchema },
    },
    async (request): Promise<ResolutionOption> =>
      mapUniqueViolations(
        () =>
          db.transaction(async (tx) => {
            const [before] = await tx
              .select()
              .from(resolutionOptions)
              .where(eq(resolutionOptions.id, request.params.id))
              .for('update');
            if (!before) throw notFound('No resolution with this id.');
            const [after] = await tx
              .update(resolutionOptions)
              .set({ name: request.body.name ?? before.name, description: request.body.description })
              .where(eq(resolutionOptions.id, before.id))
              .returning();
            await recordActivity(tx, {
              actorId: request.user!.id,
              verb: 'changed resolution',
              objectType: 'resolution_option',
              objectId: before.id,
              before: { name: before.name, description: before.description },
              after: { name: after.name, description: after.description },
            });
            return { id: after.id, name: after.name, description: after.description };
          }),
        { resolution_options_name_lower_idx: { field: 'name', message: DUPLICATE_RESOLUTION } },
      ),
  );

  r.delete(
    '/manage/case/options/resolution/:id/',
    {
      summary: 'Remove a resolution no case is closed with (admin)',
      tags: ['manage'],
      ...adminOnly,
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(resolutionOptions)
          .where(eq(resolutionOptions.id, id))
          .for('update');
        if (!row) throw notFound('No resolution with this id.');
        // Only closed cases hold a resolution (reopening clears it); the foreign key refuses the rest.
        const [{ n }] = await tx.select({ n: count() }).from(cases).where(eq(cases.resolutionId, id));
        if (n > 0) throw new HttpError(409, resolutionInUse(n));
        await tx.delete(resolutionOptions).where(eq(resolutionOptions.id, id));
        await recordActivity(tx, {
          actorId: request.user!.id,
          verb: 'removed resolution',
          objectType: 'resolution_option',
          objectId: id,
          before: { name: row.name, description: row.description },
        });
      });
      return reply.status(204).send();
    },
  );
}

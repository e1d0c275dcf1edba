// Advisory calls (SPEC §7, issue 12): a case's advisory revisions (list / save, the latest, share and
// publish it, edit its metadata, a diff between two revisions), vendors' approvals (ask, list, answer), and
// the published advisories anyone may read — as JSON and as plain server-rendered pages. Staff read every
// revision; a case's participants the shared ones; the world only published ones. A case the caller may
// not see, and a revision or approval they may not read, answer 404.
import type { FastifyInstance } from 'fastify';
import {
  ADVISORIES_PUBLIC_MAX_PAGE_SIZE,
  ADVISORY_REVISION_NOT_FOUND,
  APPROVAL_ONLY_VENDOR,
  NO_ADVISORY,
  NO_PUBLISHED_ADVISORY,
  NO_SHARED_ADVISORY,
  advisoryDiffQuery,
  advisoryDiffSchema,
  advisoryLatestPatchSchema,
  advisoryMetadataPatchSchema,
  advisoryRevisionSchema,
  advisoryRevisionViewSchema,
  approvalAnswerSchema,
  approvalListQuery,
  approvalRequestResultSchema,
  approvalRequestSchema,
  approvalSchema,
  idParams,
  PUBLICATION_BLOCKED,
  publicAdvisorySchema,
  publicAdvisorySummarySchema,
  publicationBlockedSchema,
} from '@cvdp/core';
import {
  type AuthUser,
  HttpError,
  fileResponse,
  notFound,
  pageOf,
  pageQuery,
  paginate,
  routes,
} from '@cvdp/server-kit';
import { caseAccessOr404, caseScope } from '../cases/case-scope.ts';
import { type CaseAccess, can } from '../policy/index.ts';
import { markdownRenderer } from '../posts/render.ts';
import { type PageLink, advisoryListPage, advisoryPage, notFoundPage } from './public-pages.ts';
import { cachedRevisionRenderer } from './render-cache.ts';
import {
  type AdvisoryContext,
  type RevisionRow,
  answerApproval,
  approvalView,
  countApprovals,
  countPublished,
  countRevisions,
  editLatestMetadata,
  findApproval,
  findPublished,
  findRevision,
  latestReadableRevision,
  listApprovals,
  listPublished,
  listRevisions,
  requestApprovals,
  revisionDiff,
  revisionViews,
  saveRevision,
} from './store.ts';
import { guardedSetLatestDates } from './publication/guard.ts';

const tags = ['advisories'];
export const EDIT_FORBIDDEN = 'Only coordinators can write, share or publish the advisory.';
export const REQUEST_FORBIDDEN = 'Only coordinators can ask vendors to approve the advisory.';

export interface AdvisoryRouteOptions {
  /**
   * Machine-readable forms of a published advisory that higher domains serve (OSV records), linked from
   * its public page; composed in app.ts.
   */
  publicLinks?: (caseId: number) => Promise<PageLink[]>;
}

export async function advisoryRoutes(app: FastifyInstance, options: AdvisoryRouteOptions = {}) {
  const { db } = app;
  const r = routes(app);
  const inCase = caseScope(app);
  const renderer = markdownRenderer(app.config.publicUrl);
  const render = cachedRevisionRenderer((markdown) => renderer.render(markdown));

  const context = (user: AuthUser, access: CaseAccess): AdvisoryContext => ({
    access,
    actor: { id: user.id, name: user.name },
    publicUrl: app.config.publicUrl,
  });
  const view = async (access: CaseAccess, row: RevisionRow) =>
    (await revisionViews(db, access, [row], render))[0];

  // -------------------------------------------------------------------------------------------------------
  // Revisions.

  inCase.get(
    '/api/case/:id/advisory/',
    {
      summary: "The advisory's revisions the caller may read, newest first (participants: the shared ones)",
      tags,
      query: pageQuery(20, 50),
      response: { 200: pageOf(advisoryRevisionViewSchema) },
    },
    (request, _reply, access) =>
      paginate(
        request,
        request.query,
        () => countRevisions(db, access),
        async (limit, offset) =>
          revisionViews(db, access, await listRevisions(db, access, limit, offset), render),
      ),
  );

  inCase.post(
    '/api/case/:id/advisory/',
    {
      summary: 'Save a new revision of the advisory (staff); earlier revisions are kept',
      tags,
      body: advisoryRevisionSchema,
      response: { 201: advisoryRevisionViewSchema },
      allow: { action: 'advisory.edit', message: EDIT_FORBIDDEN },
    },
    async (request, reply, access) => {
      const row = await saveRevision(db, context(request.user!, access), request.body);
      return reply.code(201).send(await view(access, row));
    },
  );

  inCase.get(
    '/api/case/:id/advisory/latest/',
    {
      summary: 'The latest revision the caller may read (staff: the latest; participants: the latest shared)',
      tags,
      response: { 200: advisoryRevisionViewSchema },
    },
    async (_request, _reply, access) => {
      const row = await latestReadableRevision(db, access);
      if (!row) throw notFound(access.staff ? NO_ADVISORY : NO_SHARED_ADVISORY);
      return view(access, row);
    },
  );

  inCase.patch(
    '/api/case/:id/advisory/latest/',
    {
      summary:
        'Share (date_shared) and/or publish (date_published) the latest revision, yyyy-MM-dd (staff; publishing an ' +
        'unshared revision needs force). Publishing is refused with 409 listing the blockers (GET …/advisory/blockers/) ' +
        'unless override_reason says why to publish anyway (recorded in the activity and embargo logs)',
      tags,
      body: advisoryLatestPatchSchema,
      response: { 200: advisoryRevisionViewSchema, 409: publicationBlockedSchema },
      allow: { action: 'advisory.edit', message: EDIT_FORBIDDEN },
    },
    async (request, reply, access) => {
      const result = await guardedSetLatestDates(app, context(request.user!, access), request.body);
      if ('blocked' in result)
        return reply.code(409).send({ detail: PUBLICATION_BLOCKED, blockers: result.blocked });
      return view(access, result.row);
    },
  );

  inCase.patch(
    '/api/case/:id/advisory/revisions/',
    {
      summary:
        "Edit the latest revision's metadata (title, summary, references, credits, vulnerabilities) without a new revision (staff)",
      tags,
      body: advisoryMetadataPatchSchema,
      response: { 200: advisoryRevisionViewSchema },
      allow: { action: 'advisory.edit', message: EDIT_FORBIDDEN },
    },
    async (request, _reply, access) => {
      return view(access, await editLatestMetadata(db, context(request.user!, access), request.body));
    },
  );

  inCase.get(
    '/api/case/:id/advisory/diff/',
    {
      summary: 'A line diff per field between two revisions the caller may read (?from=1&to=2)',
      tags,
      query: advisoryDiffQuery,
      response: { 200: advisoryDiffSchema },
    },
    async (request, _reply, access) => {
      const readable = async (n: number) => {
        const row = await findRevision(db, access.caseId, n);
        if (!row || !can('advisory.read', access, row)) throw notFound(ADVISORY_REVISION_NOT_FOUND);
        return row;
      };
      return revisionDiff(db, await readable(request.query.from), await readable(request.query.to));
    },
  );

  // -------------------------------------------------------------------------------------------------------
  // Approvals.

  inCase.get(
    '/api/case/:id/approvals/',
    {
      summary:
        "Approval requests and answers the caller may see (staff: all; a vendor's members: their vendor's); ?revision=n",
      tags,
      query: pageQuery(50, 200).extend(approvalListQuery.shape),
      response: { 200: pageOf(approvalSchema) },
    },
    (request, _reply, access) =>
      paginate(
        request,
        request.query,
        () => countApprovals(db, access, request.query.revision),
        (limit, offset) => listApprovals(db, access, request.query.revision, limit, offset),
      ),
  );

  inCase.post(
    '/api/case/:id/approvals/',
    {
      summary:
        'Ask vendor participants (participants: ids, or all_vendors: true) to approve the latest, shared revision (staff)',
      tags,
      body: approvalRequestSchema,
      response: { 201: approvalRequestResultSchema },
      allow: { action: 'approval.request', message: REQUEST_FORBIDDEN },
    },
    async (request, reply, access) => {
      const result = await requestApprovals(db, context(request.user!, access), request.body);
      const views = async (ids: number[]) => Promise.all(ids.map((id) => approvalView(db, access, id)));
      return reply
        .code(201)
        .send({ created: await views(result.created), unchanged: await views(result.unchanged) });
    },
  );

  r.patch(
    '/api/case/approvals/:id/',
    {
      summary:
        'Answer a request: approved, or changes_requested with a comment (only the members of the vendor asked)',
      tags,
      access: 'user',
      params: idParams,
      body: approvalAnswerSchema,
      response: { 200: approvalSchema },
    },
    async (request) => {
      const approval = await findApproval(db, request.params.id);
      if (!approval) throw notFound();
      // Strangers to the case, and participants the request was not made of, get the same 404.
      const access = await caseAccessOr404(db, request.user!, approval.caseId);
      if (!can('approval.read', access, approval)) throw notFound();
      if (!can('approval.answer', access, approval)) {
        throw new HttpError(403, APPROVAL_ONLY_VENDOR);
      }
      await answerApproval(db, context(request.user!, access), approval, request.body);
      return approvalView(db, access, approval.id);
    },
  );

  // -------------------------------------------------------------------------------------------------------
  // Published advisories: no sign-in.

  const publicList = pageQuery(20, ADVISORIES_PUBLIC_MAX_PAGE_SIZE);

  r.get(
    '/api/advisories/',
    {
      summary: 'Published advisories, most recently published first (public)',
      tags,
      access: 'public',
      query: publicList,
      response: { 200: pageOf(publicAdvisorySummarySchema) },
    },
    (request) =>
      paginate(
        request,
        request.query,
        () => countPublished(db),
        (limit, offset) => listPublished(db, limit, offset),
      ),
  );

  r.get(
    '/api/advisories/:id/',
    {
      summary: "A case's published advisory: its latest published revision (public; id is the case's)",
      tags,
      access: 'public',
      params: idParams,
      response: { 200: publicAdvisorySchema },
    },
    async (request) => {
      const advisory = await findPublished(db, request.params.id, render);
      if (!advisory) throw notFound(NO_PUBLISHED_ADVISORY);
      return advisory;
    },
  );

  r.get(
    '/advisories/',
    {
      summary: 'The page of published advisories (public HTML)',
      tags,
      access: 'public',
      query: publicList,
      response: { 200: fileResponse('The HTML page of the published advisories.') },
    },
    async (request, reply) => {
      const page = await paginate(
        request,
        request.query,
        () => countPublished(db),
        (limit, offset) => listPublished(db, limit, offset),
      );
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(advisoryListPage(page, request.query.page));
    },
  );

  r.get(
    '/advisories/:id/',
    {
      summary: "A published advisory's page (public HTML)",
      tags,
      access: 'public',
      params: idParams,
      response: { 200: fileResponse("The HTML page of the case's published advisory.") },
    },
    async (request, reply) => {
      const advisory = await findPublished(db, request.params.id, render);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (!advisory) return reply.code(404).send(notFoundPage(NO_PUBLISHED_ADVISORY));
      return reply.send(advisoryPage(advisory, (await options.publicLinks?.(advisory.case)) ?? []));
    },
  );
}

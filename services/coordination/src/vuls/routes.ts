// Vulnerability calls (SPEC §7, issue 11): a case's vulnerabilities (everyone who sees the case reads them;
// staff write), one vulnerability, its CVSS score per version (scored here from the vector, never taken from
// the client), its SSVC decision with history (the outcome computed here from the decision table), and
// "create from report". A vulnerability of a case the caller may not see answers 404; a change a participant
// may not make, 403. Staff also read the catalogue's vulnerability attributes, whose values a vulnerability
// carries (`attributes`, checked against them on every create and change).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  cvssInputSchema,
  cvssScoreSchema,
  cvssVersionParams,
  idParams,
  ssvcDecisionViewSchema,
  vulCreateSchema,
  vulPatchSchema,
  vulnerabilitySchema,
  vulsFromReportSchema,
  type VulAttribute,
} from '@cvdp/core';
import { scoreCvssVector } from '@cvdp/core/cvss/score-any';
import { decideSsvc, ssvcInputSchema } from '@cvdp/core/ssvc/index';
import {
  type AuthUser,
  HttpError,
  forbidden,
  noContent,
  notFound,
  pageOf,
  pageQuery,
  paginate,
  routes,
} from '@cvdp/server-kit';
import { caseAccessOr404, caseScope } from '../cases/case-scope.ts';
import { attributeView, listVulAttributes } from '../catalogue/attributes.ts';
import { vulAttributeSchema } from './responses.ts';
import { type CaseAccess, callerOf, can, mayInSomeCase } from '../policy/index.ts';
import {
  countSsvcHistory,
  countVuls,
  createVul,
  createVulsFromReport,
  deleteCvss,
  deleteVul,
  findVul,
  listCvss,
  listSsvcHistory,
  listVuls,
  removeSsvc,
  saveSsvc,
  setCvss,
  updateVul,
  vulView,
  type VulRow,
} from './store.ts';

const tags = ['vuls'];
export const VUL_EDIT_FORBIDDEN = 'Only coordinators can change vulnerabilities.';
export const NO_CVSS_SCORE = 'This vulnerability has no score of that CVSS version.';
export const NO_SSVC_DECISION = 'This vulnerability has no SSVC decision.';
export const VUL_ATTRIBUTES_FORBIDDEN = 'Only those who may change vulnerabilities read the attribute list.';

/** The DELETE …/cvss/v{version}/ path: the version after a literal 'v' (e.g. v4.0). */
const cvssDeleteParams = z.object({ id: idParams.shape.id, version: cvssVersionParams.shape.version });

export async function vulRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const inCase = caseScope(app);

  /** A vulnerability the caller may read, with their access to its case: 404 otherwise. */
  async function readableVul(user: AuthUser, id: number): Promise<{ vul: VulRow; access: CaseAccess }> {
    const vul = await findVul(db, id);
    if (!vul) throw notFound();
    const access = await caseAccessOr404(db, user, vul.caseId);
    if (!can('vul.read', access, vul)) throw notFound();
    return { vul, access };
  }

  /** A vulnerability the caller may change: 404 if they may not read it, 403 if they may not change it. */
  async function editableVul(user: AuthUser, id: number) {
    const found = await readableVul(user, id);
    if (!can('vul.edit', found.access, found.vul)) throw forbidden(VUL_EDIT_FORBIDDEN);
    return found;
  }

  const actor = (user: AuthUser) => ({ id: user.id, name: user.name });

  inCase.get(
    '/api/case/:id/vuls/',
    {
      summary: "The case's vulnerabilities by local id, with CWEs, CVSS scores and the current SSVC decision",
      tags,
      query: pageQuery(100, 200),
      response: { 200: pageOf(vulnerabilitySchema) },
    },
    (request, _reply, access) =>
      paginate(
        request,
        request.query,
        () => countVuls(db, access),
        (limit, offset) => listVuls(db, access, limit, offset),
      ),
  );

  inCase.post(
    '/api/case/:id/vuls/',
    {
      summary: 'Add a vulnerability to the case (staff): numbered next in the case; CWEs from the catalogue',
      tags,
      body: vulCreateSchema,
      response: { 201: vulnerabilitySchema },
      allow: { action: 'vul.edit', message: VUL_EDIT_FORBIDDEN },
    },
    async (request, reply, access) => {
      const row = await createVul(db, access.caseId, request.user!.id, request.body, app.config.publicUrl);
      return reply.code(201).send(await vulView(db, access, row));
    },
  );

  inCase.post(
    '/api/case/:id/vuls/from-report/',
    {
      summary:
        "Create the vulnerabilities of the case's report (staff): description, known CWEs and the reporter's CVSS; each once",
      tags,
      // 201 when any was created, 200 when every entry of the report was created before.
      response: { 200: vulsFromReportSchema, 201: vulsFromReportSchema },
      allow: { action: 'vul.edit', message: VUL_EDIT_FORBIDDEN },
    },
    async (request, reply, access) => {
      const { created, skipped } = await createVulsFromReport(
        db,
        access.caseId,
        request.user!.id,
        scoreCvssVector,
        app.config.publicUrl,
      );
      const views = await Promise.all(created.map((row) => vulView(db, access, row)));
      return reply.code(created.length ? 201 : 200).send({ created: views, skipped });
    },
  );

  r.get(
    '/api/vul/attributes/',
    {
      summary:
        "The custom attributes a vulnerability can carry, for the vulnerability form (whoever may change vulnerabilities; an attribute's values are on the vulnerability)",
      tags,
      access: 'user',
      response: { 200: z.array(vulAttributeSchema) },
    },
    async (request): Promise<VulAttribute[]> => {
      if (!mayInSomeCase('vul.edit', callerOf(request.user!))) throw forbidden(VUL_ATTRIBUTES_FORBIDDEN);
      return (await listVulAttributes(db)).map(attributeView);
    },
  );

  r.get(
    '/api/vul/:id/',
    {
      summary: 'A vulnerability the caller may see',
      tags,
      access: 'user',
      params: idParams,
      response: { 200: vulnerabilitySchema },
    },
    async (request) => {
      const { vul, access } = await readableVul(request.user!, request.params.id);
      return vulView(db, access, vul);
    },
  );

  r.patch(
    '/api/vul/:id/',
    {
      summary:
        'Change a vulnerability (staff): title, description, CWEs, CVE, references, tags, attribute values (merged; null clears)',
      tags,
      access: 'user',
      params: idParams,
      body: vulPatchSchema,
      response: { 200: vulnerabilitySchema },
    },
    async (request) => {
      const { vul, access } = await editableVul(request.user!, request.params.id);
      return vulView(db, access, await updateVul(db, vul, request.user!.id, request.body));
    },
  );

  r.delete(
    '/api/vul/:id/',
    {
      summary: 'Delete a vulnerability with its scores, decisions and vendor statuses (staff)',
      tags,
      access: 'user',
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      const { vul } = await editableVul(request.user!, request.params.id);
      await deleteVul(db, vul, request.user!.id);
      return reply.code(204).send();
    },
  );

  // ---- CVSS ---------------------------------------------------------------------------------------------

  r.get(
    '/api/case/vul/:id/cvss/',
    {
      summary: "A vulnerability's CVSS scores: the coordinator's and the reporter's, by version",
      tags,
      access: 'user',
      params: idParams,
      query: pageQuery(50, 200),
      response: { 200: pageOf(cvssScoreSchema) },
    },
    async (request) => {
      const { vul, access } = await readableVul(request.user!, request.params.id);
      const scores = await listCvss(db, access, vul);
      return paginate(
        request,
        request.query,
        async () => scores.length,
        async (limit, offset) => scores.slice(offset, offset + limit),
      );
    },
  );

  // POST answers 201, PATCH 200: each declares its own.
  const scoreSpec = (summary: string, status: 200 | 201) => ({
    summary,
    tags,
    access: 'user' as const,
    params: idParams,
    body: cvssInputSchema,
    response: status === 201 ? { 201: cvssScoreSchema } : { 200: cvssScoreSchema },
  });

  async function score(user: AuthUser, id: number, vector: string) {
    const { vul } = await editableVul(user, id);
    const scored = scoreCvssVector(vector);
    if (!scored.ok) throw new HttpError(400, scored.message, { vector: [scored.message] });
    return setCvss(db, vul, actor(user), scored);
  }

  r.post(
    '/api/case/vul/:id/cvss/',
    scoreSpec(
      "Score a vulnerability (staff): {vector} of CVSS 4.0, 3.1 or 3.0, scored by the server; sets the coordinator's score of that version",
      201,
    ),
    async (request, reply) =>
      reply.code(201).send(await score(request.user!, request.params.id, request.body.vector)),
  );

  r.patch(
    '/api/case/vul/:id/cvss/',
    scoreSpec("Replace the coordinator's score of the vector's CVSS version (staff); same as POST", 200),
    async (request) => score(request.user!, request.params.id, request.body.vector),
  );

  r.delete(
    '/api/case/vul/:id/cvss/v:version/',
    {
      summary: "Remove the coordinator's score of a CVSS version, e.g. …/cvss/v4.0/ (staff)",
      tags,
      access: 'user',
      params: cvssDeleteParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      const { vul } = await editableVul(request.user!, request.params.id);
      if (!(await deleteCvss(db, vul, request.user!.id, request.params.version)))
        throw notFound(NO_CVSS_SCORE);
      return reply.code(204).send();
    },
  );

  // ---- SSVC ---------------------------------------------------------------------------------------------

  r.get(
    '/api/case/vul/:id/ssvc/',
    {
      summary: "A vulnerability's SSVC decisions, newest first (removals included): the history",
      tags,
      access: 'user',
      params: idParams,
      query: pageQuery(50, 200),
      response: { 200: pageOf(ssvcDecisionViewSchema) },
    },
    async (request) => {
      const { vul, access } = await readableVul(request.user!, request.params.id);
      return paginate(
        request,
        request.query,
        () => countSsvcHistory(db, access, vul),
        (limit, offset) => listSsvcHistory(db, access, vul, limit, offset),
      );
    },
  );

  const ssvcSpec = (summary: string, status: 200 | 201) => ({
    summary,
    tags,
    access: 'user' as const,
    params: idParams,
    body: ssvcInputSchema,
    response: status === 201 ? { 201: ssvcDecisionViewSchema } : { 200: ssvcDecisionViewSchema },
  });

  async function decide(user: AuthUser, id: number, body: z.output<typeof ssvcInputSchema>) {
    const { vul } = await editableVul(user, id);
    const result = decideSsvc(body.table, body.values);
    if (!result.ok) throw new HttpError(400, result.message, { [result.field]: [result.message] });
    return saveSsvc(db, vul, actor(user), result.decision);
  }

  r.post(
    '/api/case/vul/:id/ssvc/',
    ssvcSpec(
      'Decide SSVC (staff): {table, values}; the outcome is computed from the table; becomes the current decision',
      201,
    ),
    async (request, reply) =>
      reply.code(201).send(await decide(request.user!, request.params.id, request.body)),
  );

  r.patch(
    '/api/case/vul/:id/ssvc/',
    ssvcSpec(
      'Change the SSVC decision (staff): a new decision replaces the current one; the old stays in the history',
      200,
    ),
    async (request) => decide(request.user!, request.params.id, request.body),
  );

  r.delete(
    '/api/case/vul/:id/ssvc/',
    {
      summary: 'Remove the current SSVC decision (staff); the history records the removal',
      tags,
      access: 'user',
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      const { vul } = await editableVul(request.user!, request.params.id);
      if (!(await removeSsvc(db, vul, request.user!.id))) throw notFound(NO_SSVC_DECISION);
      return reply.code(204).send();
    },
  );
}

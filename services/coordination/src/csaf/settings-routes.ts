// CSAF profiles (SPEC §7: GET/POST manage/csaf/profiles/, PATCH/DELETE manage/csaf/profiles/{id}/; admin
// only, anyone else signed in 403) and a case's CSAF settings (GET/POST /api/case/{id}/settings/csaf/;
// staff — the policy's advisory.edit —, a participant 403, a case the caller may not see 404).
import type { FastifyInstance } from 'fastify';
import {
  csafProfileCreateSchema,
  csafProfilePatchSchema,
  csafProfileSchema,
  csafSettingsSchema,
  csafSettingsViewSchema,
  idParams,
} from '@cvdp/core';
import { noContent, notFound, pageOf, pageQuery, paginate, routes } from '@cvdp/server-kit';
import { caseScope } from '../cases/case-scope.ts';
import {
  countProfiles,
  createProfile,
  defaultSettings,
  deleteProfile,
  findProfile,
  findSettings,
  listProfiles,
  profileView,
  saveSettings,
  settingsView,
  updateProfile,
} from './store.ts';

export const CSAF_SETTINGS_FORBIDDEN = "Only coordinators can see or change the case's CSAF settings.";

export async function csafSettingsRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const inCase = caseScope(app);
  const admin = { access: ['admin'] as const, tags: ['csaf', 'manage'] };

  r.get(
    '/manage/csaf/profiles/',
    {
      ...admin,
      summary: 'CSAF profiles: who publishes the CSAF documents (admin)',
      query: pageQuery(50, 200),
      response: { 200: pageOf(csafProfileSchema) },
    },
    (request) =>
      paginate(
        request,
        request.query,
        () => countProfiles(db),
        (limit, offset) => listProfiles(db, limit, offset),
      ),
  );

  r.post(
    '/manage/csaf/profiles/',
    {
      ...admin,
      summary:
        'Add a CSAF profile: publisher name, category, namespace, contact, issuing authority, default TLP (admin)',
      body: csafProfileCreateSchema,
      response: { 201: csafProfileSchema },
    },
    async (request, reply) =>
      reply.code(201).send(profileView(await createProfile(db, request.user!.id, request.body))),
  );

  r.patch(
    '/manage/csaf/profiles/:id/',
    {
      ...admin,
      summary: 'Change a CSAF profile (admin)',
      params: idParams,
      body: csafProfilePatchSchema,
      response: { 200: csafProfileSchema },
    },
    async (request) =>
      profileView(await updateProfile(db, request.user!.id, request.params.id, request.body)),
  );

  r.delete(
    '/manage/csaf/profiles/:id/',
    {
      ...admin,
      summary: 'Delete a CSAF profile; cases that used it are published by the instance again (admin)',
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      if (!(await findProfile(db, request.params.id))) throw notFound();
      await deleteProfile(db, request.user!.id, request.params.id);
      return reply.code(204).send();
    },
  );

  inCase.get(
    '/api/case/:id/settings/csaf/',
    {
      summary:
        "The case's CSAF settings: profile, category, TLP, tracking id pattern, product tree overrides (staff)",
      tags: ['csaf', 'advisories'],
      response: { 200: csafSettingsViewSchema },
      allow: { action: 'advisory.edit', message: CSAF_SETTINGS_FORBIDDEN },
    },
    async (_request, _reply, access) => {
      const stored = await findSettings(db, access.caseId);
      return settingsView(db, stored ?? defaultSettings(access.caseId), stored !== null);
    },
  );

  inCase.post(
    '/api/case/:id/settings/csaf/',
    {
      summary: "Change the case's CSAF settings (staff; the fields sent change, the others stay)",
      tags: ['csaf', 'advisories'],
      body: csafSettingsSchema,
      response: { 200: csafSettingsViewSchema },
      allow: { action: 'advisory.edit', message: CSAF_SETTINGS_FORBIDDEN },
    },
    async (request, _reply, access) => {
      const row = await saveSettings(db, request.user!.id, access.caseId, request.body);
      return settingsView(db, row, true);
    },
  );
}

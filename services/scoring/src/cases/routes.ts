// POST /api/vuls/{id}/ (SPEC §7 base 2: "POST creates a case"): a coordination case from a queue
// vulnerability, made through base 1's HTTP API as the service account (cases/create-case.ts). The
// vulnerability's activity says who asked and which case it became; a second call answers the same case.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { routes } from '@cvdp/server-kit';
import { caseCreatedSchema } from '@cvdp/core/scoring/work';
import { cveRecords } from '../records/tables.ts';
import { findVulId, recordVulActivity } from '../records/store.ts';
import { SCORING_ROLES, vulParams } from '../records/routes.ts';
import { coordinationClient } from './coordination-client.ts';
import { createCaseFrom } from './create-case.ts';

function referencesOf(record: Record<string, unknown>): string[] {
  const cna = (record.containers as { cna?: { references?: { url?: unknown }[] } } | undefined)?.cna;
  return (cna?.references ?? []).map((r) => r?.url).filter((u): u is string => typeof u === 'string');
}

export async function scoringCaseRoutes(app: FastifyInstance) {
  const call = coordinationClient(app);
  const db = app.db;
  routes(app).post(
    '/api/vuls/:id/',
    {
      summary:
        'Create a coordination case from the vulnerability (through base 1’s API as the service account)',
      tags: ['vuls'],
      access: SCORING_ROLES,
      params: vulParams,
      // 201 when the case was made now, 200 when an earlier call had made it.
      response: { 200: caseCreatedSchema, 201: caseCreatedSchema },
    },
    async (request, reply) => {
      const id = await findVulId(db, request.params.id);
      const [r] = await db.select().from(cveRecords).where(eq(cveRecords.id, id));
      const created = await createCaseFrom(call, {
        key: `scoring-vul-${r.id}`,
        title: r.title ? `${r.cveId}: ${r.title}` : r.cveId,
        product: [r.vendors[0], r.products[0]].filter(Boolean).join(' '),
        description: r.description,
        cve: r.cveId,
        cwes: r.cwes,
        references: referencesOf(r.record),
        exploited: r.kev,
        published: r.state === 'PUBLISHED',
      });
      if (created.vul)
        await db.transaction((tx) =>
          recordVulActivity(tx, {
            recordId: id,
            actorId: request.user!.id,
            verb: 'case_created',
            after: { case: created.case.id, vul: created.vul!.id },
          }),
        );
      return reply.status(created.vul ? 201 : 200).send(created);
    },
  );
}

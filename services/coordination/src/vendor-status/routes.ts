// Vendor status calls (issue 11): the vendor × vulnerability grid of a case and setting one cell. Staff set
// any vendor's row; a vendor's members their own (policy 'vendor_status.edit'); everyone else who sees the
// case reads the grid.
import { vendorStatusCellSchema, vendorStatusGridSchema, vendorStatusInputSchema } from '@cvdp/core';
import { cpe23Error } from '@cvdp/core/cpe/index';
import { purlError } from '@cvdp/core/purl/index';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '@cvdp/server-kit';
import { caseScope } from '../cases/case-scope.ts';
import { can } from '../policy/index.ts';
import { setVendorStatus, unknownCell, vendorStatusGrid } from './store.ts';

export const VENDOR_STATUS_FORBIDDEN = "Only coordinators and the vendor's own members can set its status.";

/** The cell's body, with the CPE and purl checked (core's schema leaves those to the server). */
export const vendorStatusBodySchema = vendorStatusInputSchema.superRefine((v, ctx) => {
  const cpe = v.cpe === null ? null : cpe23Error(v.cpe);
  if (cpe) ctx.addIssue({ code: 'custom', path: ['cpe'], message: cpe });
  const purl = v.purl === null ? null : purlError(v.purl);
  if (purl) ctx.addIssue({ code: 'custom', path: ['purl'], message: purl });
});

export async function vendorStatusRoutes(app: FastifyInstance) {
  const { db } = app;
  const inCase = caseScope(app);

  inCase.get(
    '/api/case/:id/vendors/status/',
    {
      summary:
        "The vendor × vulnerability status grid: the case's vendors (with whether the caller may set their row), " +
        'its vulnerabilities and the cells set so far (a missing cell is unknown)',
      tags: ['vendor-status'],
      response: { 200: vendorStatusGridSchema },
    },
    async (_request, _reply, access) => vendorStatusGrid(db, access),
  );

  inCase.post(
    '/api/case/:id/vendors/status/',
    {
      summary:
        "Set one vendor's status for one vulnerability (staff: any vendor; a vendor's members: their own row)",
      tags: ['vendor-status'],
      body: vendorStatusBodySchema,
      response: { 200: vendorStatusCellSchema },
    },
    async (request, _reply, access) => {
      const body = request.body;
      // Settled before anything else is looked at: a reporter, or a vendor's member aiming at another
      // vendor's row, learns nothing about the ids they sent.
      if (!can('vendor_status.edit', access, unknownCell(access.caseId, body.vul, body.participant))) {
        throw forbidden(VENDOR_STATUS_FORBIDDEN);
      }
      return setVendorStatus(db, access, body);
    },
  );
}

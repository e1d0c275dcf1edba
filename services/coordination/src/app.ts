// The coordination service (base 1): one plugin per domain, registered after the server kit. Domains are
// layered — accounts < cases < artifacts < reports — and a lower one never imports a higher one; what a
// higher domain adds to a lower one's answer (the report inside the case detail) is composed here.
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts/routes.ts';
import { secondFactorAdminRoutes } from './second-factors/admin-routes.ts';
import { passkeyRoutes } from './second-factors/passkey-routes.ts';
import { secondFactorRoutes } from './second-factors/routes.ts';
import { secondStepCheck, secondStepRoutes } from './second-factors/sign-in-routes.ts';
import { adminUserRoutes } from './admin/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { groupRoutes } from './groups/routes.ts';
import { tokenRoutes } from './tokens/routes.ts';
import { cweRoutes } from './cwe/routes.ts';
import { caseRoutes } from './cases/routes.ts';
import { awaitingMyStatus } from './vendor-status/store.ts';
import { reportDetailPart, reportRoutes } from './reports/routes.ts';
import { artifactRoutes } from './artifacts/routes.ts';
import { fileReconcilePlugin } from './artifacts/reconcile.ts';
import { participantRoutes } from './participants/routes.ts';
import { assignmentRoutes } from './assignments/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { addReportRoutes } from './reports/add-report-routes.ts';
import { heldDetailPart } from './held/store.ts';
import { heldRoutes } from './held/routes.ts';
import { duplicateRoutes } from './duplicates/routes.ts';
import { activityRoutes } from './activity/routes.ts';
import { metricsRoutes } from './metrics/routes.ts';
import { readTriagePage } from './triage-quality/page.ts';
import { threadRoutes } from './threads/routes.ts';
import { postRoutes } from './posts/routes.ts';
import { digestWorkerPlugin } from './notifications/digest-plugin.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { threadFollowRoutes } from './threads/follow-routes.ts';
import { emailRoutes } from './email/routes.ts';
import { outboxWorkerPlugin } from './email/worker-plugin.ts';
import { liveRoutes } from './live/routes.ts';
import { vulRoutes } from './vuls/routes.ts';
import { advisoryRoutes } from './advisories/routes.ts';
import { publicationRoutes } from './advisories/publication/routes.ts';
import { publicationWorkerPlugin } from './advisories/publication/worker-plugin.ts';
import { testClockRoutes } from './test-clock/routes.ts';
import { vendorStatusRoutes } from './vendor-status/routes.ts';
import { csafRoutes } from './csaf/routes.ts';
import { csafSettingsRoutes } from './csaf/settings-routes.ts';
import { advisoryCsafRoutes } from './advisories/csaf-routes.ts';
import { cveRoutes } from './cve/routes.ts';
import { providerRoutes } from './provider/routes.ts';
import { osvRoutes, osvService } from './osv/routes.ts';
import { connectionRoutes } from './connections/routes.ts';
import { transferReceiveRoutes } from './transfers/receive/routes.ts';
import { transferSendRoutes } from './transfers/send/routes.ts';
import { transferWorkerPlugin } from './transfers/send/worker-plugin.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { webhookWorkerPlugin } from './webhooks/worker-plugin.ts';
import { embargoEndsBefore, embargoRoutes, embargoWorkerPlugin, holdingEmbargoEnd } from './embargo/index.ts';
import { callerOf, filter, preparedCaller } from './policy/index.ts';
import { apiDocsPlugin, coordinationDocs } from './api-docs.ts';
import { caseCounts } from './cases/store.ts';

export interface CoordinationOptions {
  /** Run the embargo reminder worker (default true); tests that drive workers themselves pass false. */
  embargoWorker?: boolean;
}

export async function coordinationService(app: FastifyInstance, options: CoordinationOptions = {}) {
  await app.register(apiDocsPlugin, coordinationDocs);
  // Any write through this service may change what staff's capped counts counted: they are dropped
  // (cases/store.ts, caseCounts) as the write's answer is sent.
  caseCounts.dropOnWrites(app);
  // Second factors are a higher domain than accounts: the password route asks them through this check.
  await app.register(accountRoutes, { secondStep: secondStepCheck(app) });
  await app.register(secondStepRoutes);
  await app.register(secondFactorRoutes);
  await app.register(passkeyRoutes);
  await app.register(secondFactorAdminRoutes);
  await app.register(adminUserRoutes);
  await app.register(catalogueRoutes);
  await app.register(groupRoutes);
  await app.register(tokenRoutes);
  await app.register(cweRoutes);
  await app.register(caseRoutes, {
    detailParts: [reportDetailPart, heldDetailPart],
    listColumns: { awaitingMyStatus, embargoEnds: holdingEmbargoEnd },
    embargoEndsBefore,
    triageQuality: { page: readTriagePage },
  });
  await app.register(reportRoutes);
  await app.register(addReportRoutes);
  await app.register(duplicateRoutes);
  await app.register(heldRoutes);
  await app.register(searchRoutes);
  await app.register(artifactRoutes);
  await app.register(fileReconcilePlugin);
  await app.register(activityRoutes);
  await app.register(metricsRoutes);
  await app.register(threadRoutes);
  await app.register(threadFollowRoutes);
  await app.register(postRoutes);
  await app.register(participantRoutes);
  await app.register(assignmentRoutes);
  await app.register(notificationRoutes, {
    visible: (user) => filter('notification.read', callerOf(user)),
    bellFilters: (shape) => ({
      visible: filter('notification.read', preparedCaller(shape)),
      actionsVisible: filter('action.read', preparedCaller(shape)),
    }),
  });
  await app.register(emailRoutes);
  await app.register(liveRoutes);
  await app.register(vulRoutes);
  const osv = osvService(app);
  await app.register(advisoryRoutes, { publicLinks: (caseId: number) => osv.pageLinks(caseId) });
  await app.register(embargoRoutes);
  await app.register(embargoWorkerPlugin, { enabled: options.embargoWorker !== false });
  await app.register(publicationRoutes);
  await app.register(vendorStatusRoutes);
  await app.register(csafRoutes);
  await app.register(csafSettingsRoutes);
  await app.register(advisoryCsafRoutes);
  await app.register(providerRoutes, {});
  await app.register(osvRoutes, { osv });
  await app.register(cveRoutes);
  await app.register(connectionRoutes);
  await app.register(transferReceiveRoutes);
  await app.register(outboxWorkerPlugin);
  await app.register(digestWorkerPlugin, { visible: (reader) => filter('notification.read', reader) });
  await app.register(transferSendRoutes);
  await app.register(transferWorkerPlugin);
  await app.register(webhookRoutes);
  await app.register(webhookWorkerPlugin);
  await app.register(publicationWorkerPlugin);
  await app.register(testClockRoutes);
}

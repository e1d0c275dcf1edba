// The access matrix of issue 9 (the case workspace): six kinds of caller × every call of the issue, as ONE
// table of expected statuses, so a reader sees the whole access model at a glance — then what must never
// leak into lists and search, and a vendor member who loses a case when their group is removed from it.
//
// The world: case A was reported by `reporter`; the vendor group "Acme PSIRT" takes part in it as vendor
// (`vendor` is one of its members); `outsider` reported case B and takes part in nothing else. Staff
// (coordinator, admin) see every case. The rule (DESIGN §6): anonymous → 401; a case the caller may not see
// → 404, exactly like a missing one; a staff (or admin) action inside a case the caller sees, or outside any
// case, → 403. A refused call changes nothing in the database; an allowed write is sent a body that works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { questionsToReport, reportToQuestions } from '@cvdp/core';
import { sampleReportQuestions, sampleVulnerability } from '@cvdp/core/testing/report/test-fixtures';
import { groupMembers, groups } from '@cvdp/server-kit';
import { coordinationService } from '../app.ts';
import { multipartBody, submitReport, type ReportFormParts } from '../../testing/report-test-helpers.ts';
import { csafUploadBody } from '../../testing/csaf-test-helpers.ts';
import {
  autoAssignmentRoles,
  caseParticipants,
  connections,
  csafProfiles,
  webhookEndpoints,
  emailTemplates,
  heldReports,
  reports,
  resolutionOptions,
  threads,
  vulnerabilities,
} from '../tables.ts';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { trackRowChanges, type RowChangeTracker } from '../../testing/row-changes.ts';

const CALLERS = ['anonymous', 'reporter', 'vendor', 'outsider', 'coordinator', 'admin'] as const;
type Who = (typeof CALLERS)[number];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const MATRIX_TEXT = `
  method  call (":id" = case A, or the object named)       anonymous reporter vendor outsider coordinator admin
  # Lists, triage, search, contacts
  GET     /api/cases/                                       401       200      200    200      200         200
  GET     /api/triage/                                      401       403      403    403      200         200
  GET     /api/search/                                      401       200      200    200      200         200
  GET     /api/contacts/                                    401       403      403    403      200         200
  # The case, its states and metadata
  GET     /api/cases/:id/                                   401       200      200    404      200         200
  PATCH   /api/cases/:id/                                   401       403      403    404      200         200
  GET     /api/case/states/                                 401       200      200    200      200         200
  GET     /api/case/metadata/                               401       200      200    200      200         200
  GET     /api/case/:id/metadata/                           401       200      200    404      200         200
  # Participants (:id of participant/ is a participant of case A)
  GET     /api/case/:id/participants/                       401       200      200    404      200         200
  POST    /api/case/:id/participants/                       401       403      403    404      201         201
  PATCH   /api/case/participant/:id/                        401       403      403    404      200         200
  DELETE  /api/case/participant/:id/                        401       403      403    404      204         204
  GET     /api/case/:id/participants/summary/               401       200      200    404      200         200
  POST    /case/:id/participants/notify/                    401       403      403    404      200         200
  POST    /case/:id/participants/notify/all/                401       403      403    404      200         200
  # Assignment, the caller's relation to the case
  POST    /api/case/:id/assign/                             401       403      403    404      201         201
  POST    /api/case/:id/unassign/                           401       403      403    404      200         200
  GET     /api/user/assignments/                            401       200      200    200      200         200
  GET     /api/case/:id/user/assignments/                   401       403      403    404      200         200
  GET     /api/case/:id/user/                               401       200      200    404      200         200
  PATCH   /api/case/:id/user/                               401       200      200    404      200         200
  # Notifications and email
  GET     /api/case/notifications/                          401       200      200    200      200         200
  POST    /api/case/notifications/read/                     401       200      200    200      200         200
  # Action needed, the conversation email choice, follow/mute a thread (issue 26; :id of thread/ is a thread of case A)
  GET     /api/case/notifications/actions/                  401       200      200    200      200         200
  GET     /api/case/notifications/preferences/              401       200      200    200      200         200
  PUT     /api/case/notifications/preferences/              401       200      200    200      200         200
  GET     /api/case/thread/:id/follow/                      401       200      200    404      200         200
  PUT     /api/case/thread/:id/follow/                      401       200      200    404      200         200
  GET     /manage/email/outbox/                             401       403      403    403      403         200
  GET     /manage/email/templates/                          401       403      403    403      403         200
  POST    /manage/email/templates/                          401       403      403    403      403         201
  GET     /manage/email/template/:id/                       401       403      403    403      403         200
  PATCH   /manage/email/template/:id/                       401       403      403    403      403         200
  DELETE  /manage/email/template/:id/                       401       403      403    403      403         204
  POST    /manage/email/template/preview/                   401       403      403    403      403         200
  POST    /manage/email/template/:id/preview/               401       403      403    403      403         200
  # The Markdown preview of posts and advisories (issue 26): any signed-in user, nothing stored
  POST    /api/markdown/preview/                            401       200      200    200      200         200
  # Activity and metrics
  GET     /api/case/:id/activity/                           401       200      200    404      200         200
  GET     /api/case/activity/                               401       200      200    200      200         200
  # A reader's place in a thread (issue 26): :id is an open thread of case A
  GET     /api/case/thread/:id/read/                        401       200      200    404      200         200
  GET     /api/metrics/                                     401       403      403    403      200         200
  GET     /api/metrics/weekly/                              401       403      403    403      200         200
  # Administration (:id is an auto-assignment role / a resolution)
  GET     /manage/autoassignment/                           401       403      403    403      200         200
  POST    /manage/autoassignment/                           401       403      403    403      403         201
  PATCH   /manage/autoassignment/:id/                       401       403      403    403      403         200
  DELETE  /manage/autoassignment/:id/                       401       403      403    403      403         204
  GET     /manage/case/options/resolutions/                 401       403      403    403      200         200
  POST    /manage/case/options/resolutions/                 401       403      403    403      403         201
  PATCH   /manage/case/options/resolution/:id/              401       403      403    403      403         200
  DELETE  /manage/case/options/resolution/:id/              401       403      403    403      403         204
  # Likely duplicates and bulk triage (issue 28): :id of merge/ is a new triage case of the reporter's
  GET     /api/case/:id/duplicates/                         401       200      200    404      200         200
  POST    /api/case/:id/merge/                              401       403      404    404      200         200
  POST    /api/triage/bulk/                                 401       403      403    403      200         200
  GET     /api/triage/messages/                             401       403      403    403      200         200
  # Held reports (issue 28): :id of release/ is a new held report of the reporter's; the limits are the admin's
  POST    /api/case/:id/release/                            401       403      404    404      200         200
  GET     /manage/report-limits/                            401       403      403    403      403         200
  PUT     /manage/report-limits/                            401       403      403    403      403         200
  # More reports on a case
  GET     /report/add/case/:id/                             401       403      403    404      200         200
  POST    /report/case/:id/add/                             401       403      403    404      201         201
  # Vulnerabilities (issue 11): :id of vul/ is a vulnerability of case A; staff write, participants read
  GET     /api/case/:id/vuls/                               401       200      200    404      200         200
  POST    /api/case/:id/vuls/                               401       403      403    404      201         201
  POST    /api/case/:id/vuls/from-report/                   401       403      403    404      201         201
  GET     /api/vul/:id/                                     401       200      200    404      200         200
  PATCH   /api/vul/:id/                                     401       403      403    404      200         200
  DELETE  /api/vul/:id/                                     401       403      403    404      204         204
  GET     /api/vul/attributes/                              401       403      403    403      200         200
  GET     /api/case/vul/:id/cvss/                           401       200      200    404      200         200
  POST    /api/case/vul/:id/cvss/                           401       403      403    404      201         201
  PATCH   /api/case/vul/:id/cvss/                           401       403      403    404      200         200
  DELETE  /api/case/vul/:id/cvss/v:version/                 401       403      403    404      204         204
  GET     /api/case/vul/:id/ssvc/                           401       200      200    404      200         200
  POST    /api/case/vul/:id/ssvc/                           401       403      403    404      201         201
  PATCH   /api/case/vul/:id/ssvc/                           401       403      403    404      200         200
  DELETE  /api/case/vul/:id/ssvc/                           401       403      403    404      204         204
  # Vendor status and VEX (issue 11): :id of vul/ is a vulnerability of case A; the vendor sets its own row
  GET     /api/case/:id/vendors/status/                     401       200      200    404      200         200
  POST    /api/case/:id/vendors/status/                     401       403      200    404      200         200
  GET     /api/vul/:id/vex/                                 401       200      200    404      200         200
  # The advisory (issue 12): participants read shared revisions; :id of approvals/ is a request of the vendor
  GET     /api/case/:id/advisory/                           401       200      200    404      200         200
  POST    /api/case/:id/advisory/                           401       403      403    404      201         201
  GET     /api/case/:id/advisory/latest/                    401       200      200    404      200         200
  PATCH   /api/case/:id/advisory/latest/                    401       403      403    404      200         200
  PATCH   /api/case/:id/advisory/revisions/                 401       403      403    404      200         200
  GET     /api/case/:id/advisory/diff/                      401       200      200    404      200         200
  GET     /api/case/:id/approvals/                          401       200      200    404      200         200
  POST    /api/case/:id/approvals/                          401       403      403    404      201         201
  PATCH   /api/case/approvals/:id/                          401       404      200    404      403         403
  # The embargo (issue 25): every participant reads it; staff propose and end; vendor and reporter ask for a
  # change; the vendor answers (staff decide: 200 too); any participant reports a breach. :id of proposals/ is
  # an open proposal of case A.
  GET     /api/case/:id/embargo/                            401       200      200    404      200         200
  POST    /api/case/:id/embargo/proposals/                  401       201      201    404      201         201
  PATCH   /api/case/embargo/proposals/:id/                  401       403      200    404      200         200
  POST    /api/case/:id/embargo/exit/                       401       403      403    404      200         200
  POST    /api/case/:id/embargo/breach/                     401       200      200    404      200         200
  GET     /api/case/:id/embargo/log/                        401       200      200    404      200         200
  GET     /api/advisories/                                  200       200      200    200      200         200
  GET     /api/advisories/:id/                              200       200      200    200      200         200
  GET     /advisories/                                      200       200      200    200      200         200
  GET     /advisories/:id/                                  200       200      200    200      200         200
  # CSAF (issue 12): profiles (admin); the case's CSAF settings (staff); the advisory as CSAF (participants:
  # the shared revision); importing a CSAF file as a revision (staff of the case named in the form)
  GET     /manage/csaf/profiles/                            401       403      403    403      403         200
  POST    /manage/csaf/profiles/                            401       403      403    403      403         201
  PATCH   /manage/csaf/profiles/:id/                        401       403      403    403      403         200
  DELETE  /manage/csaf/profiles/:id/                        401       403      403    403      403         204
  GET     /api/case/:id/settings/csaf/                      401       403      403    404      200         200
  POST    /api/case/:id/settings/csaf/                      401       403      403    404      200         200
  GET     /api/case/:id/advisory/csaf/                      401       200      200    404      200         200
  POST    /api/advisory/upload/                             401       403      403    404      201         201
  # Guard rails and scheduled publication (issue 25): what blocks publishing, the schedule — staff only
  GET     /api/case/:id/advisory/blockers/                  401       403      403    404      200         200
  GET     /api/case/:id/advisory/publication/               401       403      403    404      200         200
  POST    /api/case/:id/advisory/publication/               401       403      403    404      201         201
  DELETE  /api/case/:id/advisory/publication/               401       403      403    404      204         204
  # Transfers to another instance (issue 14): staff start one (the body names case A) and list a case's
  GET     /api/case/transfers/connections/                  401       403      403    403      200         200
  POST    /api/case/transfers/                              401       403      403    404      202         202
  GET     /api/case/:id/transfers/                          401       403      403    404      200         200
  # Webhook endpoints (issue 29): administrators only (:id is an endpoint; its test event goes nowhere)
  GET     /manage/webhooks/                                 401       403      403    403      403         200
  POST    /manage/webhooks/                                 401       403      403    403      403         201
  GET     /manage/webhook/:id/                              401       403      403    403      403         200
  PATCH   /manage/webhook/:id/                              401       403      403    403      403         200
  DELETE  /manage/webhook/:id/                              401       403      403    403      403         204
  GET     /manage/webhook/:id/deliveries/                   401       403      403    403      403         200
  POST    /manage/webhook/:id/test/                         401       403      403    403      403         200
`;

interface Row {
  method: Method;
  route: string;
  expected: Record<Who, number>;
}

const MATRIX: Row[] = MATRIX_TEXT.split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#') && !line.startsWith('method'))
  .map((line) => {
    const [method, route, ...statuses] = line.split(/\s+/);
    if (statuses.length !== CALLERS.length) throw new Error(`matrix row "${line}": one status per caller`);
    return {
      method: method as Method,
      route,
      expected: Object.fromEntries(CALLERS.map((who, i) => [who, Number(statuses[i])])) as Record<
        Who,
        number
      >,
    };
  });

const key = (method: string, route: string) => `${method} ${route}`;

// Words only case A's / case B's texts hold: what a caller who may not see the case must never find.
const WORD_A = 'tangerinepivot';
const WORD_B = 'marzipanbeacon';
const TITLE_A = 'Acme router overflow';
const TITLE_B = 'Brightline telemetry leak';
const TAG_A = 'tangerinetag';
const TAG_B = 'marzipantag';

let t: TestApp;
const registered = new Map<string, string[]>();
const client = {} as Record<Who, TestClient>;
const user = {} as Record<Exclude<Who, 'anonymous'>, TestUser>;
let caseA = 0;
let caseB = 0;
let vendorParticipant = 0;
let observerParticipant = 0;
/** A vulnerability of case A, with the vendor group's status set (so it has a VEX). */
let vulA = 0;
/** An open thread of case A. */
let threadA = 0;
let serial = 0;
let tracker: RowChangeTracker;
/** What only case A's / B's people may read: its title, report word, tag, participants' names. */
let secretsOfA: string[] = [];
let secretsOfB: string[] = [];

/** The answer, after asserting its status (setup steps and reads that must work). */
function ok<R extends { statusCode: number; body: string }>(res: R, status = 200): R {
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

async function vendorGroup(name: string, member: TestUser) {
  const [group] = await t.db.insert(groups).values({ name, kind: 'vendor' }).returning();
  await t.db.insert(groupMembers).values({ groupId: group.id, userId: member.id });
  return group;
}

async function report(who: TestClient, title: string, word: string) {
  const res = ok(
    await submitReport(who, {
      report: sampleReportQuestions({
        title,
        vulnerabilities: [sampleVulnerability({ description: `The ${word} parameter overflows the buffer` })],
      }),
    }),
    201,
  );
  return res.json().id as number;
}

/** A new report in triage, the reporter's. */
const newTriageCase = () => report(client.reporter, unique('Triage'), 'gauge');

async function addParticipant(caseId: number, name: string, role: string) {
  const res = ok(
    await client.coordinator.post(`/api/case/${caseId}/participants/`, { names: [name], role }),
    201,
  );
  return res.json().added[0].id as number;
}

beforeAll(async () => {
  t = await createTestApp({
    // Transfers started by the matrix are never sent: a worker updating them meanwhile would look like a
    // refused call changing the database.
    // Webhook endpoints need the secret box's key; their deliveries, like transfers, are never sent here.
    config: { transferWorker: false, webhookWorker: false, secretKey: 'access-matrix-secret-key' },
    register: async (app: FastifyInstance) => {
      app.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) {
          registered.set(key(method, route.url), (route.schema as { tags?: string[] })?.tags ?? []);
        }
      });
      await app.register(coordinationService);
    },
  });
  client.anonymous = t.anonymous();
  const signIn = async (who: Exclude<Who, 'anonymous'>, name: string, roles: string[] = ['reporter']) => {
    const c = await t.signIn({ name, roles });
    client[who] = c;
    user[who] = c.user;
  };
  await signIn('reporter', 'Rita Reporter');
  await signIn('vendor', 'Vic Vendor');
  await signIn('outsider', 'Olga Outsider');
  await signIn('coordinator', 'Cora Coordinator', ['coordinator']);
  await signIn('admin', 'Ada Admin', ['admin']);
  const umbrellaMember = await t.createUser({ name: 'Uma Umbrella' });
  const observer = await t.createUser({ name: 'Otto Observer' });

  await vendorGroup('Acme PSIRT', user.vendor);
  await vendorGroup('Umbrella Labs', umbrellaMember);

  // Case A: the reporter's, with the vendor group, a co-owner and an observer; active.
  caseA = await report(client.reporter, TITLE_A, WORD_A);
  await addParticipant(caseA, user.coordinator.email, 'owner');
  vendorParticipant = await addParticipant(caseA, 'Acme PSIRT', 'vendor');
  observerParticipant = await addParticipant(caseA, observer.email, 'observer');
  ok(await client.coordinator.patch(`/api/cases/${caseA}/`, { status: 1, tags: [TAG_A] }));
  ok(await client.coordinator.post(`/case/${caseA}/participants/notify/all/`));
  const [vul] = await t.db
    .insert(vulnerabilities)
    .values({ caseId: caseA, localId: 1, description: 'A buffer overflow' })
    .returning();
  vulA = vul.id;
  const [thread] = await t.db.insert(threads).values({ caseId: caseA, subject: 'Matrix thread' }).returning();
  threadA = thread.id;
  ok(
    await client.coordinator.post(`/api/case/${caseA}/vendors/status/`, {
      vul: vulA,
      participant: vendorParticipant,
      status: 'affected',
      fixed_versions: '2.0',
    }),
  );

  // Case B: the outsider's, with its own vendor group; active, tagged, with a coordinator assigned.
  caseB = await report(client.outsider, TITLE_B, WORD_B);
  await addParticipant(caseB, user.coordinator.email, 'owner');
  await addParticipant(caseB, 'Umbrella Labs', 'vendor');
  ok(await client.coordinator.patch(`/api/cases/${caseB}/`, { status: 1, tags: [TAG_B] }));
  ok(await client.coordinator.post(`/api/case/${caseB}/assign/`, { user: user.coordinator.id }), 201);

  secretsOfA = [TITLE_A, WORD_A, TAG_A, 'Rita Reporter', 'Vic Vendor', 'Acme PSIRT', 'Otto Observer'];
  secretsOfB = [TITLE_B, WORD_B, TAG_B, 'Olga Outsider', 'Umbrella Labs', 'Uma Umbrella'];

  // Every table a refused call could write to. Sessions are touched by any signed-in request (last
  // activity) and failed sign-ins are recorded on purpose: neither is a change made by the call. Any row
  // inserted, deleted or actually changed elsewhere is (testing/row-changes.ts).
  tracker = await trackRowChanges(t.db, { mode: 'content', exclude: ['sessions', 'login_failures'] });
}, 120_000);
afterAll(() => t.close());

/** Where rows changed: equal before and after means the call changed nothing. */
const snapshot = () => tracker.read();
const changedTables = (before: string, after: string) => tracker.changedTables(before, after);

const unique = (what: string) => `${what} ${++serial}`;
const today = new Date().toISOString().slice(0, 10);

async function newObserverParticipant() {
  const u = await t.createUser();
  const [p] = await t.db
    .insert(caseParticipants)
    .values({ caseId: caseA, userId: u.id, role: 'observer', addedBy: user.coordinator.id })
    .returning();
  return p.id;
}

async function newAssignedCoordinator() {
  const u = await t.createUser({ roles: ['coordinator'] });
  ok(await client.coordinator.post(`/api/case/${caseA}/assign/`, { user: u.id }), 201);
  return u.id;
}

async function newRole() {
  const [role] = await t.db
    .insert(autoAssignmentRoles)
    .values({ name: unique('Matrix role') })
    .returning();
  return role.id;
}

/** A message template (type 1): unlike a kind's notification template it is not in use, so it may go. */
async function newMessageTemplate() {
  const [row] = await t.db
    .insert(emailTemplates)
    .values({
      templateType: 1,
      name: unique('Matrix message'),
      kind: 'case_notice',
      subject: 'Hello',
      body: 'A note.',
    })
    .returning();
  return row.id;
}

async function newCsafProfile() {
  const [p] = await t.db
    .insert(csafProfiles)
    .values({
      name: unique('Matrix profile'),
      publisherName: 'Matrix CERT',
      namespace: 'https://matrix.example',
    })
    .returning();
  return p.id;
}

/** A shared revision of case A's advisory covering vulA (which has a vendor status), for its CSAF. */
async function newCsafRevision() {
  ok(
    await client.coordinator.post(`/api/case/${caseA}/advisory/`, {
      title: unique('CSAF advisory'),
      summary: 'Summary',
      vulnerabilities: [vulA],
    }),
    201,
  );
  ok(await client.coordinator.patch(`/api/case/${caseA}/advisory/latest/`, { date_shared: today }));
}

async function newResolution() {
  const [r] = await t.db
    .insert(resolutionOptions)
    .values({ name: unique('Matrix resolution') })
    .returning();
  return r.id;
}

const STAFF_CALLERS: Who[] = ['coordinator', 'admin'];
const made = new Map<string, unknown>();
/** State a row's reads need, made once for every caller (keeping case A's activity log short). */
/** An enabled connection to another instance (nothing listens there: the world runs no transfer worker). */
async function newConnection() {
  const [row] = await t.db
    .insert(connections)
    .values({
      name: unique('Matrix peer'),
      baseUrl: 'http://127.0.0.1:9/',
      outgoingTokenEncrypted: 'x',
      incomingTokenHash: unique('matrix-peer-hash'),
    })
    .returning();
  return row.id;
}

/** A paused webhook endpoint (nothing listens at its address, and the world runs no webhook worker). */
async function newWebhook() {
  const [row] = await t.db
    .insert(webhookEndpoints)
    .values({
      url: 'http://127.0.0.1:9/hook',
      events: ['embargo.changed'],
      active: false,
      secretEncrypted: 'x',
      secretHint: 'whsec_…xxxx',
    })
    .returning();
  return row.id;
}

async function once<T>(name: string, make: () => Promise<T>): Promise<T> {
  if (!made.has(name)) made.set(name, await make());
  return made.get(name) as T;
}

/** A new revision of case A's advisory (shared, or shared and published, when asked); its number. */
async function newRevision(state: 'saved' | 'shared' | 'published' = 'saved') {
  const res = ok(
    await client.coordinator.post(`/api/case/${caseA}/advisory/`, {
      title: unique('Advisory'),
      content: 'Text',
    }),
    201,
  );
  const latest = `/api/case/${caseA}/advisory/latest/`;
  if (state !== 'saved') ok(await client.coordinator.patch(latest, { date_shared: today }));
  if (state === 'published')
    ok(await client.coordinator.patch(latest, { date_published: today, override_reason: 'Access matrix' }));
  return res.json().revision as number;
}

/** Case A with a shared revision and no publication scheduled. */
async function unscheduled() {
  await newRevision('shared');
  await client.coordinator.delete(`/api/case/${caseA}/advisory/publication/`);
}

/** A pending request that the vendor group approve a new, shared revision; its id. */
async function newApprovalRequest() {
  await newRevision('shared');
  const res = ok(
    await client.coordinator.post(`/api/case/${caseA}/approvals/`, { participants: [vendorParticipant] }),
    201,
  );
  return res.json().created[0].id as number;
}

/**
 * A new case like case A (the reporter's, the vendor group a vendor of it) whose embargo is agreed
 * ('active') or proposed and open ('proposed'): embargo writes end or move an embargo for good, so each
 * caller who may make one gets a case of its own. Its id, and the open proposal's.
 */
async function newEmbargoCase(state: 'active' | 'proposed') {
  const id = await report(client.reporter, unique('Embargoed router'), 'embargoword');
  await addParticipant(id, 'Acme PSIRT', 'vendor');
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const proposed = ok(
    await client.coordinator.post(`/api/case/${id}/embargo/proposals/`, { end, reason: 'Matrix' }),
    201,
  ).json();
  const proposal = proposed.open_proposal.id as number;
  if (state === 'active')
    ok(await client.coordinator.patch(`/api/case/embargo/proposals/${proposal}/`, { answer: 'accept' }));
  return { id, proposal };
}

/** A fresh embargoed case for a caller the matrix lets write; a shared one for the others (refused anyway). */
const embargoCaseFor = (row: string, who: Who, state: 'active' | 'proposed') => {
  const allowed = MATRIX.find((r) => key(r.method, r.route) === row)!.expected[who] < 300;
  return allowed ? newEmbargoCase(state) : once(`embargo ${state}`, () => newEmbargoCase(state));
};

const MATRIX_CVSS = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N';
const MATRIX_SSVC = { table: 'cisa-coordinator', values: { E: 'A', A: 'Y', TI: 'T', MWI: 'H' } };

/** A new vulnerability of case A (with a coordinator's CVSS 4.0 score / an SSVC decision when asked); its id. */
async function newVul(extra: { cvss?: boolean; ssvc?: boolean } = {}) {
  const res = ok(
    await client.coordinator.post(`/api/case/${caseA}/vuls/`, {
      description: unique('Matrix vulnerability'),
    }),
    201,
  );
  const id = res.json().id as number;
  if (extra.cvss)
    ok(await client.coordinator.post(`/api/case/vul/${id}/cvss/`, { vector: MATRIX_CVSS }), 201);
  if (extra.ssvc) ok(await client.coordinator.post(`/api/case/vul/${id}/ssvc/`, MATRIX_SSVC), 201);
  return id;
}

/** One more vulnerability in case A's report, so "create from report" has one to create. */
async function growReport() {
  const [row] = await t.db
    .select()
    .from(reports)
    .where(eq(reports.caseId, caseA))
    .orderBy(reports.id)
    .limit(1);
  const values = questionsToReport(row.current);
  values.vulnerabilities.push(sampleVulnerability({ description: unique('Reported vulnerability') }));
  await t.db
    .update(reports)
    .set({ current: reportToQuestions(values) })
    .where(eq(reports.id, row.id));
}

interface Sent {
  url?: string;
  body?: unknown;
  /** A multipart report form instead of a JSON body. */
  form?: ReportFormParts;
  /** Any other multipart body. */
  multipart?: { payload: Buffer; headers: Record<string, string> };
}

/**
 * What each call is sent, built afresh for every caller before the "nothing changed" fingerprint: the
 * object its path names and a body that succeeds for a caller who may make the call. Calls not listed get
 * their route with case A's id and no body.
 */
const SEND: Record<string, (who: Who) => Sent | Promise<Sent>> = {
  'GET /api/search/': () => ({ url: `/api/search/?query=${WORD_A}` }),
  'GET /api/contacts/': () => ({ url: '/api/contacts/?query=acme' }),
  'PATCH /api/cases/:id/': (who) => ({ body: { summary: `Triaged by the ${who}.` } }),
  'POST /api/case/:id/participants/': async () => ({
    body: { names: [(await t.createUser()).email], role: 'observer' },
  }),
  'PATCH /api/case/participant/:id/': (who) => ({
    url: `/api/case/participant/${observerParticipant}/`,
    body: { role: who === 'coordinator' ? 'participant' : 'observer' },
  }),
  'DELETE /api/case/participant/:id/': async () => ({
    url: `/api/case/participant/${await newObserverParticipant()}/`,
  }),
  'POST /case/:id/participants/notify/': () => ({ body: { participants: [vendorParticipant] } }),
  'POST /api/case/:id/assign/': async () => ({
    body: { user: (await t.createUser({ roles: ['coordinator'] })).id },
  }),
  'POST /api/case/:id/unassign/': async () => ({
    body: { users: [await newAssignedCoordinator()], reason: 'Handed over' },
  }),
  'PATCH /api/case/:id/user/': () => ({ body: { muted: false } }),
  'POST /api/case/notifications/read/': () => ({ body: { all: true } }),
  'PUT /api/case/notifications/preferences/': () => ({ body: { conversation_email: 'daily' } }),
  'GET /api/case/thread/:id/follow/': () => ({ url: `/api/case/thread/${threadA}/follow/` }),
  'PUT /api/case/thread/:id/follow/': async () => ({
    url: `/api/case/thread/${threadA}/follow/`,
    body: { mode: 'mute' },
  }),
  'GET /manage/email/templates/': () => ({ url: '/manage/email/templates/?template_type=0&search=notify' }),
  'GET /api/metrics/': () => ({ url: `/api/metrics/?start=${today}&end=${today}` }),
  'POST /manage/autoassignment/': () => ({
    body: { name: unique('Matrix role'), users: [user.coordinator.id] },
  }),
  'PATCH /manage/autoassignment/:id/': async () => ({
    url: `/manage/autoassignment/${await newRole()}/`,
    body: { name: unique('Renamed role') },
  }),
  'DELETE /manage/autoassignment/:id/': async () => ({ url: `/manage/autoassignment/${await newRole()}/` }),
  'POST /manage/case/options/resolutions/': () => ({ body: { name: unique('Matrix resolution') } }),
  'PATCH /manage/case/options/resolution/:id/': async () => ({
    url: `/manage/case/options/resolution/${await newResolution()}/`,
    body: { name: unique('Renamed resolution') },
  }),
  'DELETE /manage/case/options/resolution/:id/': async () => ({
    url: `/manage/case/options/resolution/${await newResolution()}/`,
  }),
  'GET /api/case/:id/advisory/latest/': async () => {
    await once('latest', () => newRevision('shared'));
    return {};
  },
  // Writes get a fresh revision for the callers whose call succeeds; the others are refused before it matters.
  'PATCH /api/case/:id/advisory/latest/': async (who) => {
    if (STAFF_CALLERS.includes(who)) await newRevision();
    return { body: { date_shared: today } };
  },
  // A staff caller schedules on a shared revision with nothing scheduled; DELETE finds one to cancel.
  'POST /api/case/:id/advisory/publication/': async (who) => {
    if (STAFF_CALLERS.includes(who)) await unscheduled();
    return { body: { when: 'at', at: new Date(Date.now() + 86_400_000).toISOString() } };
  },
  'DELETE /api/case/:id/advisory/publication/': async (who) => {
    if (STAFF_CALLERS.includes(who)) {
      await unscheduled();
      ok(
        await client.coordinator.post(`/api/case/${caseA}/advisory/publication/`, {
          when: 'at',
          at: new Date(Date.now() + 86_400_000).toISOString(),
        }),
        201,
      );
    }
    return {};
  },
  'PATCH /api/case/:id/advisory/revisions/': async (who) => {
    if (STAFF_CALLERS.includes(who)) await newRevision();
    return { body: { title: unique('Renamed advisory') } };
  },
  'POST /api/case/:id/advisory/': () => ({ body: { title: unique('Advisory'), content: '**Bold**' } }),
  'POST /api/case/transfers/': async () => ({
    url: '/api/case/transfers/',
    body: { case: caseA, connection: await once('connection', newConnection) },
  }),
  'GET /api/case/:id/advisory/diff/': async () => {
    const [from, to] = await once('diff', async () => [
      await newRevision('shared'),
      await newRevision('shared'),
    ]);
    return { url: `/api/case/${caseA}/advisory/diff/?from=${from}&to=${to}` };
  },
  'POST /api/case/:id/approvals/': async (who) => {
    if (STAFF_CALLERS.includes(who)) await newRevision('shared');
    return { body: { participants: [vendorParticipant] } };
  },
  'PATCH /api/case/approvals/:id/': async (who) => ({
    url: `/api/case/approvals/${who === 'vendor' ? await newApprovalRequest() : await once('request', newApprovalRequest)}/`,
    body: { status: 'approved', comment: 'Fine by us.' },
  }),
  'GET /api/advisories/:id/': async () => {
    await once('published', () => newRevision('published'));
    return { url: `/api/advisories/${caseA}/` };
  },
  'GET /advisories/:id/': async () => {
    await once('published', () => newRevision('published'));
    return { url: `/advisories/${caseA}/` };
  },
  'POST /manage/email/templates/': () => ({
    body: {
      template_type: 1,
      kind: 'case_notice',
      name: unique('Matrix message'),
      subject: 'Hello',
      body: 'A note.',
    },
  }),
  'GET /manage/email/template/:id/': async () => ({
    url: `/manage/email/template/${await once('template', newMessageTemplate)}/`,
  }),
  'PATCH /manage/email/template/:id/': async () => ({
    url: `/manage/email/template/${await newMessageTemplate()}/`,
    body: { subject: unique('Renamed') },
  }),
  'DELETE /manage/email/template/:id/': async () => ({
    url: `/manage/email/template/${await newMessageTemplate()}/`,
  }),
  'POST /api/markdown/preview/': () => ({ body: { text: '# Title\n\n**bold**' } }),
  'POST /manage/email/template/preview/': () => ({
    body: { kind: 'case_notice', subject: 'Hello', body: 'A note.' },
  }),
  'POST /manage/email/template/:id/preview/': async () => ({
    url: `/manage/email/template/${await once('template', newMessageTemplate)}/preview/`,
    body: {},
  }),
  'POST /manage/csaf/profiles/': () => ({
    body: {
      name: unique('Matrix profile'),
      publisher_name: 'Matrix CERT',
      namespace: 'https://matrix.example',
    },
  }),
  'PATCH /manage/csaf/profiles/:id/': async () => ({
    url: `/manage/csaf/profiles/${await newCsafProfile()}/`,
    body: { name: unique('Renamed profile') },
  }),
  'DELETE /manage/csaf/profiles/:id/': async () => ({
    url: `/manage/csaf/profiles/${await newCsafProfile()}/`,
  }),
  'POST /api/case/:id/settings/csaf/': () => ({ body: { tracking_id_pattern: `MATRIX-{case}-${++serial}` } }),
  'GET /api/case/:id/advisory/csaf/': async () => {
    await once('csaf', newCsafRevision);
    return {};
  },
  'POST /api/advisory/upload/': async () => {
    await once('csaf', newCsafRevision);
    const csaf = `/api/case/${caseA}/advisory/csaf/`;
    let exported = await client.coordinator.get(csaf);
    // A later revision (the CSRF round's writes) covers vulnerabilities without a status: make one that exports.
    if (exported.statusCode !== 200) {
      await newCsafRevision();
      exported = ok(await client.coordinator.get(csaf));
    }
    return { url: '/api/advisory/upload/', multipart: await csafUploadBody(caseA, exported.body) };
  },
  'POST /api/case/:id/vuls/': () => ({ body: { description: unique('Matrix vulnerability') } }),
  'POST /api/case/:id/vuls/from-report/': async () => {
    await growReport();
    return {};
  },
  'GET /api/vul/:id/': () => ({ url: `/api/vul/${vulA}/` }),
  'GET /api/case/thread/:id/read/': () => ({ url: `/api/case/thread/${threadA}/read/` }),
  'PATCH /api/vul/:id/': () => ({ url: `/api/vul/${vulA}/`, body: { title: unique('Matrix title') } }),
  'DELETE /api/vul/:id/': async () => ({ url: `/api/vul/${await newVul()}/` }),
  'GET /api/case/vul/:id/cvss/': () => ({ url: `/api/case/vul/${vulA}/cvss/` }),
  'POST /api/case/vul/:id/cvss/': () => ({
    url: `/api/case/vul/${vulA}/cvss/`,
    body: { vector: MATRIX_CVSS },
  }),
  'PATCH /api/case/vul/:id/cvss/': () => ({
    url: `/api/case/vul/${vulA}/cvss/`,
    body: { vector: MATRIX_CVSS },
  }),
  'DELETE /api/case/vul/:id/cvss/v:version/': async () => ({
    url: `/api/case/vul/${await newVul({ cvss: true })}/cvss/v4.0/`,
  }),
  'GET /api/case/vul/:id/ssvc/': () => ({ url: `/api/case/vul/${vulA}/ssvc/` }),
  'POST /api/case/vul/:id/ssvc/': () => ({ url: `/api/case/vul/${vulA}/ssvc/`, body: MATRIX_SSVC }),
  'PATCH /api/case/vul/:id/ssvc/': () => ({ url: `/api/case/vul/${vulA}/ssvc/`, body: MATRIX_SSVC }),
  'DELETE /api/case/vul/:id/ssvc/': async () => ({
    url: `/api/case/vul/${await newVul({ ssvc: true })}/ssvc/`,
  }),
  'POST /api/case/:id/vendors/status/': () => ({
    body: { vul: vulA, participant: vendorParticipant, status: 'affected', statement: unique('Statement') },
  }),
  'GET /api/vul/:id/vex/': () => ({ url: `/api/vul/${vulA}/vex/` }),
  'POST /manage/webhooks/': () => ({
    body: { url: 'http://127.0.0.1:9/hook', events: ['embargo.changed'], active: false },
  }),
  'GET /manage/webhook/:id/': async () => ({ url: `/manage/webhook/${await once('webhook', newWebhook)}/` }),
  'PATCH /manage/webhook/:id/': async () => ({
    url: `/manage/webhook/${await once('webhook', newWebhook)}/`,
    body: { description: unique('Matrix webhook') },
  }),
  'DELETE /manage/webhook/:id/': async () => ({ url: `/manage/webhook/${await newWebhook()}/` }),
  'GET /manage/webhook/:id/deliveries/': async () => ({
    url: `/manage/webhook/${await once('webhook', newWebhook)}/deliveries/`,
  }),
  'POST /manage/webhook/:id/test/': async () => ({
    url: `/manage/webhook/${await once('webhook', newWebhook)}/test/`,
  }),
  'POST /api/case/:id/embargo/proposals/': async (who) => {
    const { id } = await embargoCaseFor('POST /api/case/:id/embargo/proposals/', who, 'active');
    const end = new Date(Date.now() + 60 * 86_400_000).toISOString();
    return { url: `/api/case/${id}/embargo/proposals/`, body: { end, reason: `Asked by the ${who}` } };
  },
  'PATCH /api/case/embargo/proposals/:id/': async (who) => {
    const { proposal } = await embargoCaseFor('PATCH /api/case/embargo/proposals/:id/', who, 'proposed');
    return {
      url: `/api/case/embargo/proposals/${proposal}/`,
      body: { answer: 'accept', comment: 'Agreed.' },
    };
  },
  'POST /api/case/:id/embargo/exit/': async (who) => {
    const { id } = await embargoCaseFor('POST /api/case/:id/embargo/exit/', who, 'active');
    return { url: `/api/case/${id}/embargo/exit/`, body: { reason: 'The fix shipped early.' } };
  },
  'POST /api/case/:id/embargo/breach/': async (who) => {
    const { id } = await embargoCaseFor('POST /api/case/:id/embargo/breach/', who, 'active');
    return {
      url: `/api/case/${id}/embargo/breach/`,
      body: { evidence: 'A public exploit: https://example.test/x' },
    };
  },
  'POST /api/case/:id/merge/': async () => ({
    url: `/api/case/${await newTriageCase()}/merge/`,
    body: { into: caseA },
  }),
  'POST /api/triage/bulk/': async () => ({ body: { action: 'activate', cases: [await newTriageCase()] } }),
  'POST /api/case/:id/release/': async () => {
    const id = await newTriageCase();
    // (Held by intake already if a limit was set: held anew either way.)
    await t.db
      .insert(heldReports)
      .values({ caseId: id, reason: 'Held by the access matrix.' })
      .onConflictDoUpdate({ target: heldReports.caseId, set: { releasedAt: null } });
    return { url: `/api/case/${id}/release/` };
  },
  // No limits (the matrix's own reports must not be held); a prefix each caller sets differently.
  'PUT /manage/report-limits/': (who) => ({
    body: {
      range_per_day: null,
      new_account_per_day: null,
      ipv4_prefix: 16 + CALLERS.indexOf(who),
      ipv6_prefix: 64,
    },
  }),
  'POST /report/case/:id/add/': () => ({
    form: { report: sampleReportQuestions({ title: 'A second report on the case' }) },
  }),
};

async function send(row: Row, who: Who, sent: Sent, options: { csrf?: boolean } = {}) {
  const url = sent.url ?? row.route.replace(':id', String(caseA));
  const c = client[who];
  if (sent.form) {
    const { payload, headers } = await multipartBody(sent.form);
    return c.request('POST', url, { payload, headers, csrf: options.csrf });
  }
  if (sent.multipart) return c.request(row.method, url, { ...sent.multipart, csrf: options.csrf });
  return c.request(row.method, url, { body: sent.body as never, csrf: options.csrf });
}

/** Allowed writes that may rightly change nothing: unmuting an unmuted case, marking no unread as read. */
const MAY_CHANGE_NOTHING = [
  'PATCH /api/case/:id/user/',
  'POST /api/case/notifications/read/',
  // Previews render a template or Markdown; they store nothing.
  'POST /manage/email/template/preview/',
  'POST /manage/email/template/:id/preview/',
  'POST /api/markdown/preview/',
];
const MISSING_CASE = 2_000_000_000;

/** Issue 9's calls: the routes of its domains (by tag) and of its administration and report paths. */
const ISSUE_9_TAGS = [
  'cases',
  'search',
  'participants',
  'assignments',
  'notifications',
  'activity',
  'metrics',
  // Issue 11's vulnerabilities sit in the case workspace too.
  'vuls',
  // Issue 25: the embargo of a case.
  'embargo',
  // Issue 28: likely duplicates, the merge and bulk triage.
  'triage',
];
const ISSUE_9_PATHS = [
  '/manage/case/options/resolution',
  '/manage/autoassignment/',
  '/manage/email/',
  '/report/add/case/',
  '/report/case/',
];

describe('the access matrix of the case workspace', () => {
  it('sees a changed row, an added and a removed one, and not an update that sets the same values', async () => {
    const before = await snapshot();
    await t.db.execute(sql`update groups set name = name`);
    expect(changedTables(before, await snapshot())).toEqual([]);
    await t.db.execute(sql`update groups set name = name || '.' where name = 'Acme PSIRT'`);
    await t.db.execute(sql`update groups set name = 'Acme PSIRT' where name = 'Acme PSIRT.'`);
    const changed = await snapshot();
    expect(changedTables(before, changed)).toContain('groups'); // (and what its triggers keep)
    await t.db.execute(sql`insert into tags (kind, name) values ('case', 'Tracker check')`);
    await t.db.execute(sql`delete from tags where name = 'Tracker check'`);
    // Added and removed again: still a change (stricter than a fingerprint of the rows).
    expect(changedTables(changed, await snapshot())).toEqual(['tags']);
  });

  it('covers every call of issue 9, and every row is a real route', () => {
    const rows = new Set(MATRIX.map((r) => key(r.method, r.route)));
    expect(rows.size, 'a call is listed twice').toBe(MATRIX.length);
    expect([...rows].filter((k) => !registered.has(k))).toEqual([]);
    const issue9 = [...registered]
      .filter(
        ([k, tags]) =>
          !k.startsWith('HEAD ') &&
          (tags.some((tag) => ISSUE_9_TAGS.includes(tag)) ||
            ISSUE_9_PATHS.some((p) => k.split(' ')[1].startsWith(p))),
      )
      .map(([k]) => k);
    expect(
      issue9.filter((k) => !rows.has(k)),
      'calls missing from the matrix',
    ).toEqual([]);
  });

  it.each(MATRIX.map((row) => [key(row.method, row.route), row] as const))('%s', async (_name, row) => {
    const actual = {} as Record<Who, number>;
    const changed: string[] = [];
    const unchanged: string[] = [];
    const unlikeMissing: string[] = [];
    for (const who of CALLERS) {
      const sent = await (SEND[key(row.method, row.route)]?.(who) ?? {});
      const before = await snapshot();
      const res = await send(row, who, sent);
      actual[who] = res.statusCode;
      const tablesChanged = changedTables(before, await snapshot());
      if (res.statusCode >= 300) {
        if (tablesChanged.length)
          changed.push(`${who} (${res.statusCode}) changed ${tablesChanged.join(', ')}`);
      } else if (row.method !== 'GET' && !MAY_CHANGE_NOTHING.includes(key(row.method, row.route))) {
        // The tracker sees writes: an allowed write that changed nothing would make "nothing
        // changed" above an empty promise.
        if (!tablesChanged.length) unchanged.push(who);
      }
      if (res.statusCode === 404 && !sent.url) {
        // A case the caller may not see answers exactly like a case that does not exist.
        const missing = await send(row, who, {
          ...sent,
          url: row.route.replace(':id', String(MISSING_CASE)),
        });
        if (missing.statusCode !== 404 || missing.body !== res.body) {
          unlikeMissing.push(
            `${who}: ${res.body} but for a missing case ${missing.statusCode} ${missing.body}`,
          );
        }
      }
    }
    expect(actual).toEqual(row.expected);
    expect(changed, 'a refused call changed the database').toEqual([]);
    expect(unchanged, 'an allowed write changed nothing').toEqual([]);
    expect(unlikeMissing).toEqual([]);
  });

  const unsafe = MATRIX.filter((row) => row.method !== 'GET');
  it.each(unsafe.map((row) => [key(row.method, row.route), row] as const))(
    '%s without the CSRF token: 403 for the very caller who may make it, nothing changed',
    async (_name, row) => {
      const who = CALLERS.find((w) => row.expected[w] < 300)!;
      const sent = await (SEND[key(row.method, row.route)]?.(who) ?? {});
      const before = await snapshot();
      const res = await send(row, who, sent, { csrf: false });
      expect(res.statusCode, res.body).toBe(403);
      expect(changedTables(before, await snapshot())).toEqual([]);
    },
  );
});

// ---------------------------------------------------------------------------------------------------------
// Nothing leaks: a caller who may not see a case never finds its title, its report's words, its tags or its
// participants in any list or in search.

const caseIdsOf = (body: { results?: { id?: number; case?: number | null }[] }) =>
  (body.results ?? []).map((r) => r.case ?? r.id);

/** Every list a participant reads across cases, aimed at the hidden case's words where it takes words. */
const listsFor = (word: string) => [
  '/api/cases/',
  `/api/cases/?query=${word}`,
  `/api/cases/?tag=${word === WORD_A ? TAG_A : TAG_B}`,
  `/api/search/?query=${word}`,
  `/api/search/?query=${encodeURIComponent(word === WORD_A ? TITLE_A : TITLE_B)}`,
  '/api/case/activity/',
  `/api/case/activity/?q=${word}`,
  '/api/case/activity/?kind=posts',
  '/api/case/notifications/',
  '/api/case/metadata/',
  '/api/user/assignments/',
];

async function assertHidden(who: Who, hiddenCase: number, secrets: string[]) {
  for (const url of listsFor(hiddenCase === caseA ? WORD_A : WORD_B)) {
    const res = await client[who].get(url);
    expect(res.statusCode, `${who} ${url}: ${res.body}`).toBe(200);
    expect(caseIdsOf(res.json()), `${who} ${url}`).not.toContain(hiddenCase);
    for (const secret of secrets) expect(res.body, `${who} ${url} shows "${secret}"`).not.toContain(secret);
  }
}

async function searchCases(who: Who, word: string) {
  const res = ok(await client[who].get(`/api/search/?query=${word}`));
  return caseIdsOf(res.json());
}

describe('what a caller may not see never reaches their lists or search', () => {
  it('the words are there to be found: staff and the case’s own people find each case by them', async () => {
    for (const who of ['coordinator', 'admin'] as const) {
      expect(await searchCases(who, WORD_A)).toContain(caseA);
      expect(await searchCases(who, WORD_B)).toContain(caseB);
      const tags = ok(await client[who].get('/api/case/metadata/')).json().tags;
      expect(tags).toEqual(expect.arrayContaining([TAG_A, TAG_B]));
    }
    expect(await searchCases('reporter', WORD_A)).toContain(caseA);
    expect(await searchCases('vendor', WORD_A)).toContain(caseA);
    expect(await searchCases('outsider', WORD_B)).toContain(caseB);
    // Across cases (newest first; the matrix writes far more than a page, so each case is looked up by its title).
    for (const [id, title] of [
      [caseA, TITLE_A],
      [caseB, TITLE_B],
    ] as const) {
      const activity = ok(
        await client.coordinator.get(`/api/case/activity/?q=${encodeURIComponent(title)}`),
      ).json();
      expect(caseIdsOf(activity)).toContain(id);
    }
  });

  it('the reporter and the vendor member of case A never see case B', async () => {
    await assertHidden('reporter', caseB, secretsOfB);
    await assertHidden('vendor', caseB, secretsOfB);
  });

  it('the participant of case B never sees case A', async () => {
    await assertHidden('outsider', caseA, secretsOfA);
  });

  // Last: it takes case A away from the vendor group.
  it('a vendor member loses the case from every list at once when their group is removed from it', async () => {
    // A fresh notice, so the member has an unread notification about the case.
    ok(await client.coordinator.post(`/case/${caseA}/participants/notify/all/`));
    const before = {
      cases: caseIdsOf(ok(await client.vendor.get('/api/cases/')).json()),
      search: await searchCases('vendor', WORD_A),
      activity: caseIdsOf(ok(await client.vendor.get('/api/case/activity/')).json()),
      notifications: ok(await client.vendor.get('/api/case/notifications/')).json(),
    };
    expect(before.cases).toContain(caseA);
    expect(before.search).toContain(caseA);
    expect(before.activity).toContain(caseA);
    expect(caseIdsOf(before.notifications)).toContain(caseA);
    expect(before.notifications.unread_count).toBeGreaterThan(0);

    ok(await client.coordinator.delete(`/api/case/participant/${vendorParticipant}/`), 204);

    // The same session, the very next request: the case is gone everywhere.
    expect((await client.vendor.get(`/api/cases/${caseA}/`)).statusCode).toBe(404);
    expect((await client.vendor.get(`/api/case/${caseA}/activity/`)).statusCode).toBe(404);
    await assertHidden('vendor', caseA, [TITLE_A, WORD_A, TAG_A]);
    // The member still takes part in other cases (the embargo rows make their own): those keep their
    // notifications; case A's are gone from the list and from the unread count.
    const notifications = ok(await client.vendor.get('/api/case/notifications/?page_size=100')).json();
    expect(caseIdsOf(notifications)).not.toContain(caseA);
    // Marking "all" read touches nothing of the case they left: it marks exactly the unread ones still shown.
    expect(ok(await client.vendor.post('/api/case/notifications/read/', { all: true })).json()).toEqual({
      marked: notifications.unread_count,
      unread_count: 0,
      unread_capped: false,
    });
    // The reporter keeps the case: only the group lost it.
    expect((await client.reporter.get(`/api/cases/${caseA}/`)).statusCode).toBe(200);
  });
});

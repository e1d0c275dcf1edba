// Activity that names its object (issue 26 item 5): each entry names and links what it is about, for rows
// written through the API and for rows written before names were resolved; `kind=` narrows; and a name the
// reader may not see (a restricted thread's subject) is never in their entry.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry, PageOf } from '@cvdp/core';
import { activity } from '@cvdp/server-kit';
import { threadParticipants, vendorStatus, vulnerabilities } from '../tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  type Client,
  makeWorld,
  startThread,
  type World,
  writePost,
} from '../../testing/thread-test-helpers.ts';

let t: TestApp;
let coordinator: Client;
let w: World;
let openThread = 0;
let secretThread = 0;
let openPost = 0;
let secretPost = 0;

const list = async (by: Client, query = '') => {
  const res = await by.get(`/api/case/${w.caseId}/activity/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PageOf<ActivityEntry>>().results;
};
const about = (entries: ActivityEntry[], type: string, id: number) =>
  entries.filter((e) => e.object_type === type && e.object_id === String(id));

beforeAll(async () => {
  t = await createTestApp();
  coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
  w = await makeWorld(t);
  openThread = (await startThread(coordinator, w.caseId, { subject: 'Coordination with Acme' })).id;
  openPost = (await writePost(w.vendorA.member, openThread, 'We have a fix')).id;
  const patched = await coordinator.patch(`/api/case/thread/${openThread}/`, {
    subject: 'Patch timeline',
    official: true,
  });
  expect(patched.statusCode).toBe(200);
  secretThread = (
    await startThread(coordinator, w.caseId, {
      subject: 'Embargo talk with B',
      participants: [w.vendorB.participantId],
    })
  ).id;
  secretPost = (await writePost(w.vendorB.member, secretThread, 'Our date')).id;
});
afterAll(() => t.close());

describe('entries name and link their object', () => {
  it("names a post's thread (as it is called now) and links the post", async () => {
    const [posted] = about(await list(coordinator), 'post', openPost);
    expect(posted).toMatchObject({
      text: `${w.vendorA.name} member posted in 'Patch timeline'`,
      object_name: 'Patch timeline',
      link: `/cvdp/cases/${w.caseId}/threads?thread=${openThread}&post=${openPost}`,
    });
    // The vendor reads their own row the same way.
    expect(about(await list(w.vendorA.member), 'post', openPost)[0].text).toBe(posted.text);
  });

  it('says what an edit of a thread did, by name', async () => {
    const texts = about(await list(coordinator), 'thread', openThread).map((e) => e.text);
    expect(texts).toContain("Cora Coordinator marked 'Patch timeline' official");
    expect(texts).toContain("Cora Coordinator started the thread 'Patch timeline'");
  });

  it('names the objects of rows written before names were resolved', async () => {
    const [vul] = await t.db
      .insert(vulnerabilities)
      .values({ caseId: w.caseId, localId: 1, description: 'Overflow' })
      .returning();
    const [status] = await t.db
      .insert(vendorStatus)
      .values({ caseId: w.caseId, vulId: vul.id, participantId: w.vendorA.participantId, status: 'affected' })
      .returning();
    const c = coordinator.user.id;
    // As the stores wrote them: ids and before/after values, no names.
    const rows = await t.db
      .insert(activity)
      .values([
        { actorId: c, caseId: w.caseId, verb: 'created', objectType: 'vul', objectId: String(vul.id) },
        {
          actorId: c,
          caseId: w.caseId,
          verb: 'changed',
          objectType: 'vendor_status',
          objectId: String(status.id),
          after: { status: 'affected' },
        },
        {
          actorId: c,
          caseId: w.caseId,
          verb: 'added participant',
          objectType: 'participant',
          objectId: String(w.vendorB.participantId),
        },
        {
          actorId: c,
          caseId: w.caseId,
          verb: 'edited thread',
          objectType: 'thread',
          objectId: String(openThread),
          after: { official: false },
        },
      ])
      .returning({ id: activity.id });
    const byId = new Map((await list(coordinator)).map((e) => [e.id, e]));
    expect(rows.map((r) => [byId.get(r.id)?.text, byId.get(r.id)?.link])).toEqual([
      [`Cora Coordinator added VU#${w.caseId}.1`, `/cvdp/cases/${w.caseId}/vulnerabilities`],
      [
        `Cora Coordinator changed ${w.vendorA.name}'s status for VU#${w.caseId}.1 to affected`,
        `/cvdp/cases/${w.caseId}/vulnerabilities`,
      ],
      [`Cora Coordinator added ${w.vendorB.name} to the case`, `/cvdp/cases/${w.caseId}/participants`],
      [
        "Cora Coordinator marked 'Patch timeline' not official",
        `/cvdp/cases/${w.caseId}/threads?thread=${openThread}`,
      ],
    ]);
  });
});

describe('a name the reader may not see', () => {
  it("is never in the entry: a post in a thread restricted away from them reads without the thread's subject", async () => {
    // Vendor B wrote in the restricted thread, then was taken off it: the row is still theirs to see.
    await t.db.delete(threadParticipants).where(eq(threadParticipants.threadId, secretThread));
    const mine = about(await list(w.vendorB.member), 'post', secretPost);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      text: `${w.vendorB.name} member posted in a thread`,
      object_name: null,
      link: `/cvdp/cases/${w.caseId}/threads`,
    });
    const across = await w.vendorB.member.get('/api/case/activity/?kind=posts');
    expect(across.statusCode).toBe(200);
    expect(across.body).not.toContain('Embargo talk');
    expect((await w.vendorB.member.get(`/api/case/${w.caseId}/activity/`)).body).not.toContain(
      'Embargo talk',
    );
    // Staff see it named.
    expect(about(await list(coordinator), 'post', secretPost)[0].object_name).toBe('Embargo talk with B');
  });
});

describe('kind filter', () => {
  it('narrows to one kind, and refuses an unknown one by name', async () => {
    const posts = await list(coordinator, '?kind=posts');
    expect(posts.length).toBeGreaterThan(0);
    expect(new Set(posts.map((e) => e.object_type))).toEqual(new Set(['post', 'thread']));
    const status = await list(coordinator, '?kind=status');
    expect(status.map((e) => e.object_type)).toEqual(['vendor_status']);
    expect(
      (await list(coordinator, '?kind=participants')).every((e) => e.object_type === 'participant'),
    ).toBe(true);
    expect(await list(coordinator, '?kind=embargo')).toEqual([]);
    const res = await coordinator.get(`/api/case/${w.caseId}/activity/?kind=chatter`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Unknown kind');
  });
});

// A case world for thread and post tests: a coordinator, a case with its reporter, vendor groups with
// signed-in members, participants of another case — and small helpers around the API.
import { expect } from 'vitest';
import { groupMembers, groups } from '@cvdp/server-kit';
import type { Post, Thread } from '@cvdp/core';
import { caseParticipants, cases } from '../src/tables.ts';
import { TEST_PASSWORD, TestClient, type TestApp, type TestUser } from './test-app.ts';

export type Client = TestClient & { user: TestUser };

let groupCounter = 0;

export async function signInAs(t: TestApp, user: TestUser): Promise<Client> {
  const client = new TestClient(t.app);
  const res = await client.post('/api/auth/login/', { email: user.email, password: TEST_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return Object.assign(client, { user });
}

export interface Vendor {
  groupId: number;
  name: string;
  /** Its case_participants row in the world's case. */
  participantId: number;
  member: Client;
}

export interface World {
  caseId: number;
  reporter: Client;
  /** The reporter's case_participants row. */
  reporterParticipantId: number;
  vendorA: Vendor;
  vendorB: Vendor;
  /** A participant of another case, and that case's participant row. */
  outsider: Client;
  otherCaseId: number;
  otherCaseParticipantId: number;
  stranger: Client;
}

async function addVendor(t: TestApp, caseId: number): Promise<Vendor> {
  const name = `Vendor ${++groupCounter} ${process.pid}`;
  const [group] = await t.db.insert(groups).values({ name, kind: 'vendor' }).returning();
  const user = await t.createUser({ name: `${name} member` });
  await t.db.insert(groupMembers).values({ groupId: group.id, userId: user.id });
  const [p] = await t.db
    .insert(caseParticipants)
    .values({ caseId, groupId: group.id, role: 'vendor' })
    .returning();
  return { groupId: group.id, name, participantId: p.id, member: await signInAs(t, user) };
}

export async function makeWorld(t: TestApp): Promise<World> {
  const reporter = await t.signIn({ name: 'Rita Reporter' });
  const [c] = await t.db
    .insert(cases)
    .values({ title: 'Router overflow', status: 1, createdBy: reporter.user.id })
    .returning();
  const [rp] = await t.db
    .insert(caseParticipants)
    .values({ caseId: c.id, userId: reporter.user.id, role: 'reporter' })
    .returning();
  const vendorA = await addVendor(t, c.id);
  const vendorB = await addVendor(t, c.id);
  const outsider = await t.signIn({ name: 'Otto Outsider' });
  const [other] = await t.db
    .insert(cases)
    .values({ title: 'Another case', status: 1, createdBy: outsider.user.id })
    .returning();
  const [op] = await t.db
    .insert(caseParticipants)
    .values({ caseId: other.id, userId: outsider.user.id, role: 'reporter' })
    .returning();
  return {
    caseId: c.id,
    reporter,
    reporterParticipantId: rp.id,
    vendorA,
    vendorB,
    outsider,
    otherCaseId: other.id,
    otherCaseParticipantId: op.id,
    stranger: await t.signIn({ name: 'Stan Stranger' }),
  };
}

export async function startThread(
  by: TestClient,
  caseId: number,
  body: { subject: string; participants?: number[]; official?: boolean },
): Promise<Thread> {
  const res = await by.post(`/api/case/${caseId}/threads/`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Thread>();
}

export async function writePost(
  by: TestClient,
  threadId: number,
  content: string,
  replyTo?: number,
): Promise<Post> {
  const res = await by.post(`/api/case/thread/${threadId}/posts/`, {
    content,
    ...(replyTo !== undefined ? { reply_to: replyTo } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Post>();
}

export async function postsOf(by: TestClient, threadId: number, query = '') {
  const res = await by.get(`/api/case/thread/${threadId}/posts/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number; next: string | null; previous: string | null; results: Post[] }>();
}

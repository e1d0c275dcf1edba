// Two live instances (issue 14): a sender and a receiver, each with its own database and file store,
// listening on loopback ports and connected both ways through manage/connections/. A case with 3 threads,
// 50 posts with replies, 2 vulnerabilities with CVSS and SSVC, an advisory revision, a vendor status (the
// VEX) and 3 files (one 9 MB) is transferred, and both sides are compared through their APIs field by field:
// nothing lost, nothing duplicated, the files sha256-identical.
//
// Between the two sits a loopback proxy that interrupts the transfer twice: it answers the second thread
// with a 503 (the transfer waits and resumes at that thread, the first one not sent again), and it lets the
// 9 MB file reach the receiver but drops the answer (the sender cannot know it arrived; its retry carries
// the same Idempotency-Key and the receiver answers from its record — one copy, not two).
// (The real processes and a killed sender: `npm run transfers:demo`.)
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageOf, Transfer } from '@cvdp/core';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import { groupMembers, groups } from '@cvdp/server-kit';
import { upload } from '../../../testing/artifact-test-helpers.ts';
import { submitReport } from '../../../testing/report-test-helpers.ts';
import { caseParticipants, posts } from '../../tables.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../testing/test-app.ts';
import { threadPayload } from './payloads.ts';

const SECRET = 'two-instances-secret-key-0123456789';
const A_TO_B = 'token-a-presents-to-b-AAAAAAAAAAAAAAAAAAAA';
const B_TO_A = 'token-b-presents-to-a-BBBBBBBBBBBBBBBBBBBB';

type Client = TestClient;
let sender: TestApp;
let receiver: TestApp;
let proxy: http.Server;
const proxyLog: { path: string; key: string; outcome: string }[] = [];

const urlOf = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

async function instance() {
  const t = await createTestApp({
    config: {
      secretKey: SECRET,
      transferPollIntervalMs: 200,
      transferRetryBaseMs: 300,
      transferLeaseMs: 30_000,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return t;
}

/** Forwards to the receiver; fails the 2nd thread once with 503 and drops the answer to the 9 MB file once. */
function startProxy(target: string) {
  const failed = new Set<string>();
  let threads = 0;
  const server = http.createServer((req, res) => {
    const key = String(req.headers['idempotency-key'] ?? '');
    const path = req.url ?? '';
    if (path.includes('/thread/') && !failed.has('thread') && ++threads === 2) {
      failed.add('thread');
      req.resume();
      proxyLog.push({ path, key, outcome: '503' });
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"detail":"Receiver busy."}');
      return;
    }
    let size = 0;
    req.on('data', (chunk: Buffer) => (size += chunk.length));
    const forward = http.request(
      new URL(path, target),
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          if (
            path.includes('/artifacts/') &&
            size > 8_000_000 &&
            !failed.has('file') &&
            answer.statusCode === 201
          ) {
            // The receiver stored the file; the sender never hears so.
            failed.add('file');
            proxyLog.push({ path, key, outcome: 'answer dropped' });
            req.socket.destroy();
            return;
          }
          proxyLog.push({ path, key, outcome: String(answer.statusCode) });
          res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(chunks));
        });
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  return new Promise<http.Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const BIG = randomBytes(9 * 1024 * 1024);

let caseId = 0;
let coordinator: Client;
let coordinatorB: Client;
let transfer: Transfer;
let elapsedMs = 0;

beforeAll(async () => {
  [sender, receiver] = await Promise.all([instance(), instance()]);
  proxy = await startProxy(urlOf(receiver.app.server));

  // Connected both ways through manage/connections/ (the sender reaches the receiver through the proxy).
  const adminA = await sender.signIn({ roles: ['admin'] });
  const adminB = await receiver.signIn({ roles: ['admin'] });
  const toB = await adminA.post('/manage/connections/', {
    name: 'Receiver',
    base_url: urlOf(proxy),
    token: A_TO_B,
    incoming_token: B_TO_A,
  });
  expect(toB.statusCode, toB.body).toBe(201);
  const toA = await adminB.post('/manage/connections/', {
    name: 'Sender',
    base_url: urlOf(sender.app.server),
    token: B_TO_A,
    incoming_token: A_TO_B,
  });
  expect(toA.statusCode, toA.body).toBe(201);

  // The case: a report with its proof of concept (file 1).
  coordinator = await sender.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
  coordinatorB = await receiver.signIn({ roles: ['coordinator'], name: 'Bea Coordinator' });
  const reporter = await sender.signIn({ name: 'Rita Reporter' });
  const submitted = await submitReport(reporter, {
    report: sampleReportQuestions(),
    poc: { name: 'exploit.py', content: 'print("pwned")\n', type: 'text/x-python' },
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  caseId = submitted.json<{ id: number }>().id;

  // A vendor group taking part (a post written for it reads 'vendor from group …' on the other side).
  const vendorUser = await sender.signIn({ name: 'Vic Vendor' });
  const [vendor] = await sender.db.insert(groups).values({ name: 'Acme PSIRT', kind: 'vendor' }).returning();
  await sender.db.insert(groupMembers).values({ groupId: vendor.id, userId: vendorUser.user.id });
  const [vendorRow] = await sender.db
    .insert(caseParticipants)
    .values({ caseId, groupId: vendor.id, role: 'vendor' })
    .returning();

  // 3 threads, 50 posts: in each thread top-level posts with replies (some replies to replies).
  let n = 0;
  for (const [i, subject] of ['Triage', 'Vendor contact', 'Disclosure plan'].entries()) {
    const th = await coordinator.post(`/api/case/${caseId}/threads/`, { subject, official: i === 2 });
    expect(th.statusCode, th.body).toBe(201);
    const threadId = th.json<{ id: number }>().id;
    const count = i === 0 ? 17 : i === 1 ? 17 : 16;
    let lastTop = 0;
    let lastReply = 0;
    for (let k = 0; k < count; k++) {
      const reply = k % 3 === 1 ? lastTop : k % 3 === 2 ? lastReply : undefined;
      const res = await coordinator.post(`/api/case/thread/${threadId}/posts/`, {
        content: `Post ${++n} in *${subject}*${reply ? ` (a reply)` : ''}`,
        ...(reply ? { reply_to: reply } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json<{ id: number }>().id;
      if (reply === undefined) lastTop = id;
      else lastReply = id;
    }
  }
  expect(n).toBe(50);
  // Posts 4 and 5 were written for the vendor group by its member.
  const vendorPosts = await sender.db.select({ id: posts.id }).from(posts).where(eq(posts.caseId, caseId));
  for (const p of vendorPosts.slice(3, 5))
    await sender.db
      .update(posts)
      .set({ authorId: vendorUser.user.id, authorGroupId: vendor.id })
      .where(eq(posts.id, p.id));

  // 2 vulnerabilities with CVSS (4.0 and 3.1) and SSVC.
  const vulIds: number[] = [];
  for (const [i, title] of ['SQL injection in search', 'Stored XSS in reviews'].entries()) {
    const v = await coordinator.post(`/api/case/${caseId}/vuls/`, {
      title,
      description: `${title}: an attacker sends a crafted request.`,
      cwes: [i === 0 ? 'CWE-89' : 'CWE-79'],
      references: ['https://example.org/advisory'],
    });
    expect(v.statusCode, v.body).toBe(201);
    const id = v.json<{ id: number }>().id;
    vulIds.push(id);
    for (const vector of [
      'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
      'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
    ]) {
      const s = await coordinator.post(`/api/case/vul/${id}/cvss/`, { vector });
      expect(s.statusCode, s.body).toBeLessThan(300);
    }
    const d = await coordinator.post(`/api/case/vul/${id}/ssvc/`, {
      table: 'cisa-coordinator',
      values: { E: 'A', A: 'Y', TI: 'T', MWI: 'H' },
    });
    expect(d.statusCode, d.body).toBeLessThan(300);
  }
  const status = await coordinator.post(`/api/case/${caseId}/vendors/status/`, {
    vul: vulIds[0],
    participant: vendorRow.id,
    status: 'affected',
    product: 'Acme Shop',
    affected_versions: '2.3.0',
    fixed_versions: '2.4.1',
  });
  expect(status.statusCode, status.body).toBe(200);

  // An advisory revision covering the first vulnerability.
  const adv = await coordinator.post(`/api/case/${caseId}/advisory/`, {
    title: 'Acme Shop: SQL injection',
    summary: 'Update to 2.4.1.',
    content: '## Details\n\nThe search box passes input to SQL.',
    impact: 'Data theft.',
    solution: 'Upgrade.',
    references: ['https://example.org/advisory'],
    credits: ['Rita Reporter'],
    vulnerabilities: [vulIds[0]],
  });
  expect(adv.statusCode, adv.body).toBe(201);

  // Files 2 and 3 (one of 9 MB).
  for (const file of [
    { name: 'notes.txt', content: 'Steps to reproduce.\n' },
    { name: 'capture.bin', content: BIG, type: 'application/octet-stream' },
  ]) {
    const res = await upload(coordinator, `/api/case/${caseId}/artifacts/`, file);
    expect(res.statusCode, res.body).toBe(201);
  }
}, 300_000);

afterAll(async () => {
  await new Promise<void>((resolve) => proxy?.close(() => resolve()));
  await Promise.all([sender?.close(), receiver?.close()]);
});

async function waitForTransfer(id: number, timeoutMs = 120_000): Promise<Transfer> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const page = (await coordinator.get(`/api/case/${caseId}/transfers/`)).json<PageOf<Transfer>>();
    const t = page.results.find((r) => r.id === id)!;
    if (t.state === 'done' || t.state === 'failed' || Date.now() > until) return t;
    await new Promise((r) => setTimeout(r, 150));
  }
}

const all = async <T>(client: Client, url: string): Promise<T[]> => {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const res = await client.get(`${url}${url.includes('?') ? '&' : '?'}page=${page}&page_size=50`);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const body = res.json<PageOf<T>>();
    out.push(...body.results);
    if (!body.next) return out;
  }
};

describe('a case moved whole between two live instances', () => {
  it('transfers through interruptions and arrives field by field, nothing lost or duplicated', async () => {
    const started = Date.now();
    const res = await coordinator.post('/api/case/transfers/', { case: caseId, connection: 1 });
    expect(res.statusCode, res.body).toBe(202);
    transfer = await waitForTransfer(res.json<Transfer>().id);
    elapsedMs = Date.now() - started;
    expect(transfer.last_error ?? '', JSON.stringify(transfer.steps)).not.toMatch(/Refused/);
    expect(transfer.state, JSON.stringify(transfer)).toBe('done');
    expect(transfer.steps.map((s) => [s.step, s.state, s.items_done, s.items_total])).toEqual([
      ['report', 'done', 1, 1],
      ['threads', 'done', 3, 3],
      ['vuls', 'done', 2, 2],
      ['advisory', 'done', 1, 1],
      ['artifacts', 'done', 3, 3],
      ['status', 'done', 1, 1],
    ]);
    // Both interruptions happened, and each was sent again with the same key.
    const interrupted = proxyLog.filter((l) => l.outcome !== '201' && l.outcome !== '200');
    expect(interrupted.map((l) => l.outcome).sort()).toEqual(['503', 'answer dropped']);
    for (const l of interrupted) expect(proxyLog.filter((x) => x.key === l.key).length).toBe(2);
    // The first thread was not sent again after the 503 on the second.
    const threadKeys = proxyLog.filter((l) => l.path.includes('/thread/')).map((l) => l.key);
    expect(threadKeys).toHaveLength(4);
    expect(new Set(threadKeys).size).toBe(3);
    console.info(`transfer of the case (50 posts, 9 MB file, two interruptions): ${elapsedMs} ms`);
  }, 180_000);

  it('compares both sides through their APIs', async () => {
    const remote = transfer.remote_case!;
    expect(remote).toBeGreaterThan(0);

    // The case and its report.
    const a = (await coordinator.get(`/api/cases/${caseId}/`)).json<Record<string, unknown>>();
    const b = (await coordinatorB.get(`/api/cases/${remote}/`)).json<Record<string, unknown>>();
    expect(b.title).toBe(a.title);
    expect(b.summary).toBe(a.summary);
    expect(b.status).toBe(0);
    const reportA = (a.report as { report: unknown }).report;
    expect(reportA).toBeTruthy();
    expect((b.report as { report: unknown }).report).toEqual(reportA);

    // Threads and posts: same subjects, same posts (content, created, which post each reply is under).
    type Thread = { id: number; subject: string; official: boolean };
    type P = {
      id: number;
      content: string;
      created: string;
      reply_to: number | null;
      external_author: string | null;
    };
    const threadsA = await all<Thread>(coordinator, `/api/case/${caseId}/threads/`);
    const threadsB = await all<Thread>(coordinatorB, `/api/case/${remote}/threads/`);
    const key = (t: Thread) => `${t.subject}|${t.official}`;
    expect(threadsB.map(key).sort()).toEqual(threadsA.map(key).sort());
    let postsB = 0;
    for (const ta of threadsA) {
      const tb = threadsB.find((x) => key(x) === key(ta))!;
      const pa = await all<P>(coordinator, `/api/case/thread/${ta.id}/posts/`);
      const pb = await all<P>(coordinatorB, `/api/case/thread/${tb.id}/posts/`);
      postsB += pb.length;
      expect(pb).toHaveLength(pa.length);
      const rootA = (p: P): P => (p.reply_to ? rootA(pa.find((x) => x.id === p.reply_to)!) : p);
      const rootB = (p: P): P => (p.reply_to ? rootB(pb.find((x) => x.id === p.reply_to)!) : p);
      const shape = (p: P, root: P) => `${p.content}|${p.created}|${p.reply_to ? root.content : ''}`;
      expect(pb.map((p) => shape(p, rootB(p))).sort()).toEqual(pa.map((p) => shape(p, rootA(p))).sort());
      for (const p of pb) expect(p.external_author).toMatch(/^(coordinator|vendor from group Acme PSIRT)$/);
    }
    expect(postsB).toBe(50);
    const allB = (
      await Promise.all(threadsB.map((t) => all<P>(coordinatorB, `/api/case/thread/${t.id}/posts/`)))
    ).flat();
    expect(allB.filter((p) => p.external_author === 'vendor from group Acme PSIRT')).toHaveLength(2);
    // Sent on from B, the received posts keep the authors they arrived with (not 'former user').
    const onward = await Promise.all(threadsB.map((t) => threadPayload(receiver.db, t.id)));
    const onwardAuthors = onward
      .flatMap((t) => t.posts.flatMap((p) => [p, ...(p.replies ?? [])]))
      .map((p) => p.author);
    expect(onwardAuthors).toHaveLength(50);
    expect(new Set(onwardAuthors)).toEqual(new Set(['coordinator', 'vendor from group Acme PSIRT']));

    // Vulnerabilities: fields, CVSS vectors and scores, SSVC outcome.
    type V = {
      title: string;
      description: string;
      cwes: string[];
      references: string[];
      cvss_scores: { version: string; vector: string; score: number }[];
      ssvc: { outcome?: string; vector?: string } | null;
    };
    const vul = (v: V) => ({
      title: v.title,
      description: v.description,
      cwes: v.cwes,
      references: v.references,
      cvss: v.cvss_scores.map((s) => `${s.version} ${s.vector} ${s.score}`).sort(),
      ssvc: v.ssvc?.outcome ?? null,
    });
    const vulsA = await all<V>(coordinator, `/api/case/${caseId}/vuls/`);
    const vulsB = await all<V>(coordinatorB, `/api/case/${remote}/vuls/`);
    expect(vulsA).toHaveLength(2);
    expect(vulsB.map(vul)).toEqual(vulsA.map(vul));
    expect(vulsB.every((v) => v.ssvc !== null && v.cvss_scores.length === 2)).toBe(true);

    // The advisory's latest revision (covering the same vulnerability, by the receiver's id).
    type R = {
      title: string;
      summary: string;
      content: string;
      impact: string;
      solution: string;
      references: string[];
      credits: string[];
      vulnerabilities: number[];
    };
    const [revA] = await all<R>(coordinator, `/api/case/${caseId}/advisory/`);
    const revsB = await all<R>(coordinatorB, `/api/case/${remote}/advisory/`);
    expect(revsB).toHaveLength(1);
    const text = ({ vulnerabilities: _v, ...r }: R) => ({
      title: r.title,
      summary: r.summary,
      content: r.content,
      impact: r.impact,
      solution: r.solution,
      references: r.references,
      credits: r.credits,
    });
    expect(text(revsB[0])).toEqual(text(revA));
    const vulsBFull = await all<V & { id: number }>(coordinatorB, `/api/case/${remote}/vuls/`);
    expect(revsB[0].vulnerabilities).toEqual([
      vulsBFull.find((v) => v.title === 'SQL injection in search')!.id,
    ]);

    // Files: the 3 files once each, byte-identical; the VEX beside them.
    type F = { uuid: string; file_name?: string; name?: string; sha256?: string; size: number };
    const filesA = await all<F>(coordinator, `/api/case/${caseId}/artifacts/`);
    const filesB = await all<F>(coordinatorB, `/api/case/${remote}/artifacts/`);
    const nameOf = (f: F) => f.file_name ?? f.name ?? '';
    expect(filesA).toHaveLength(3);
    const transferred = filesB.filter((f) => nameOf(f) !== 'vex.json');
    expect(transferred.map(nameOf).sort()).toEqual(filesA.map(nameOf).sort());
    expect(filesB.filter((f) => nameOf(f) === 'vex.json')).toHaveLength(1);
    for (const fa of filesA) {
      const fb = transferred.find((f) => nameOf(f) === nameOf(fa))!;
      const bytesA = (await coordinator.get(`/api/case/artifact/${fa.uuid}/download/`)).rawPayload;
      const bytesB = (await coordinatorB.get(`/api/case/artifact/${fb.uuid}/download/`)).rawPayload;
      expect(bytesB.length).toBe(fa.size);
      expect(sha(bytesB)).toBe(sha(bytesA));
    }
    expect(filesA.some((f) => f.size === BIG.length)).toBe(true);
    const big = transferred.find((f) => f.size === BIG.length)!;
    expect(sha((await coordinatorB.get(`/api/case/artifact/${big.uuid}/download/`)).rawPayload)).toBe(
      sha(BIG),
    );
  }, 120_000);

  it('leaves the case on the sender untouched, and a second transfer makes a second case', async () => {
    const before = await all<{ id: number }>(coordinator, `/api/case/${caseId}/threads/`);
    expect(before).toHaveLength(3);
    const res = await coordinator.post('/api/case/transfers/', { case: caseId, connection: 1 });
    const again = await waitForTransfer(res.json<Transfer>().id);
    expect(again.state).toBe('done');
    expect(again.remote_case).not.toBe(transfer.remote_case);
    expect((await coordinator.get(`/api/case/${caseId}/transfers/`)).json<PageOf<Transfer>>().count).toBe(2);
  }, 120_000);
});

// Uploading, sharing, deleting and downloading a case's files, and files attached in threads (issue 10):
// who may do what, and that every refused request leaves nothing behind — neither a row nor stored bytes.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileNotFoundError, activity } from '@cvdp/server-kit';
import { artifacts, caseParticipants } from '../tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  type FileWorld,
  fileForm,
  fileWorld,
  kept,
  upload,
  uploadToCase,
  uploadToThread,
  uuidsOf,
} from '../../testing/artifact-test-helpers.ts';

const MAX = 64 * 1024;
const QUOTA = 200 * 1024;
let t: TestApp;
let w: FileWorld;
beforeAll(async () => {
  t = await createTestApp({ config: { maxUploadBytes: MAX, uploadQuotaBytes: QUOTA } });
  w = await fileWorld(t);
});
afterAll(() => t.close());

const sha256 = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
const list = (client: FileWorld['reporter'], query = '') =>
  client.get(`/api/case/${w.caseId}/artifacts/${query}`);
const download = (client: FileWorld['reporter'], uuid: string) =>
  client.get(`/api/case/artifact/${uuid}/download/`);

describe('POST /api/case/{id}/artifacts/', () => {
  it("stores a participant's file with size and sha256; they and staff see it, other participants only once shared", async () => {
    const before = await kept(t);
    const content = 'crash log\n'.repeat(100);
    const res = await uploadToCase(w.vendorA, w.caseId, { name: 'crash.log', content, type: 'text/plain' });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({
      case: w.caseId,
      file_name: 'crash.log',
      content_type: 'text/plain',
      size: content.length,
      sha256: sha256(content),
      shared: false,
      source: 'upload',
      thread: null,
      uploaded_by: { id: w.vendorA.user.id },
      download_url: `/api/case/artifact/${file.uuid}/download/`,
    });
    expect(await kept(t)).toEqual({ rows: before.rows + 1, log: before.log + 1, files: before.files + 1 });
    const [log] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.objectType, 'artifact'), eq(activity.objectId, file.uuid)));
    expect(log).toMatchObject({ verb: 'uploaded', actorId: w.vendorA.user.id, caseId: w.caseId });

    // The uploader and staff see and download it.
    for (const who of [w.vendorA, w.coordinator]) {
      expect(uuidsOf(await list(who))).toContain(file.uuid);
      const got = await download(who, file.uuid);
      expect(got.statusCode).toBe(200);
      expect(got.body).toBe(content);
    }
    // Another vendor and the reporter do not, until a coordinator shares it.
    for (const who of [w.vendorB, w.reporter]) {
      expect(uuidsOf(await list(who))).not.toContain(file.uuid);
      expect((await download(who, file.uuid)).statusCode).toBe(404);
    }
    const shared = await w.coordinator.patch(`/api/case/artifact/${file.uuid}/`, { share: true });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({ uuid: file.uuid, shared: true });
    for (const who of [w.vendorB, w.reporter]) {
      expect(uuidsOf(await list(who))).toContain(file.uuid);
      expect((await download(who, file.uuid)).body).toBe(content);
    }
    // Unshared again: closed to them again, still open to its uploader.
    expect(
      (await w.coordinator.patch(`/api/case/artifact/${file.uuid}/`, { share: false })).json().shared,
    ).toBe(false);
    expect((await download(w.vendorB, file.uuid)).statusCode).toBe(404);
    expect((await download(w.vendorA, file.uuid)).statusCode).toBe(200);
    const verbs = (
      await t.db
        .select()
        .from(activity)
        .where(and(eq(activity.objectType, 'artifact'), eq(activity.objectId, file.uuid)))
    ).map((r) => r.verb);
    expect(verbs.sort()).toEqual(['shared', 'unshared', 'uploaded']);
  });

  it('lets staff upload; strangers get 404 and anonymous callers 401, with nothing stored', async () => {
    const res = await uploadToCase(w.coordinator, w.caseId, { name: 'advisory-draft.txt', content: 'draft' });
    expect(res.statusCode).toBe(201);
    expect(res.json().uploaded_by.id).toBe(w.coordinator.user.id);
    const before = await kept(t);
    expect((await uploadToCase(w.stranger, w.caseId, { name: 'x.txt', content: 'x' })).statusCode).toBe(404);
    expect((await uploadToCase(t.anonymous(), w.caseId, { name: 'x.txt', content: 'x' })).statusCode).toBe(
      401,
    );
    expect(
      (await uploadToCase(w.coordinator, 2_000_000_000, { name: 'x.txt', content: 'x' })).statusCode,
    ).toBe(404);
    expect(await kept(t)).toEqual(before);
  });

  it('answers 413 past CVDP_MAX_UPLOAD_BYTES and keeps neither a row nor a byte; exactly the limit is fine', async () => {
    const before = await kept(t);
    const res = await uploadToCase(w.vendorA, w.caseId, {
      name: 'big.bin',
      content: Buffer.alloc(MAX + 1, 7),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      detail: 'The file is too large. The limit is 65536 bytes.',
      errors: { file: ['The file is too large. The limit is 65536 bytes.'] },
    });
    const huge = await uploadToCase(w.vendorA, w.caseId, {
      name: 'huge.bin',
      content: Buffer.alloc(4 * MAX, 7),
    });
    expect(huge.statusCode).toBe(413);
    expect(await kept(t)).toEqual(before);
    const exact = await uploadToCase(w.vendorB, w.caseId, {
      name: 'exact.bin',
      content: Buffer.alloc(MAX, 1),
    });
    expect(exact.statusCode).toBe(201);
    expect(exact.json().size).toBe(MAX);
  });

  it("refuses a file past the user's stored-bytes quota (413 on the file field), keeping nothing", async () => {
    const quotaUser = await t.signIn();
    await t.db
      .insert(caseParticipants)
      .values({ caseId: w.caseId, userId: quotaUser.user.id, role: 'participant' });
    for (let i = 0; i < 3; i++) {
      const res = await uploadToCase(quotaUser, w.caseId, {
        name: `part${i}.bin`,
        content: Buffer.alloc(MAX, i),
      });
      expect(res.statusCode).toBe(201);
    }
    const before = await kept(t);
    const over = await uploadToCase(quotaUser, w.caseId, {
      name: 'one-too-many.bin',
      content: Buffer.alloc(MAX, 9),
    });
    expect(over.statusCode).toBe(413);
    expect(Object.keys(over.json().errors)).toEqual(['file']);
    expect(over.json().detail).toMatch(/storage quota/);
    expect(await kept(t)).toEqual(before);
  });

  it('answers 400 naming the field for a wrong field, a missing file or two files, and 415 without multipart — nothing stored', async () => {
    const before = await kept(t);
    const wrong = await uploadToCase(w.vendorA, w.caseId, { field: 'poc', name: 'a.txt', content: 'a' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ poc: ['Unexpected file field "poc": send the file as "file".'] });
    // A right file first, then a wrong one: the first is removed again.
    const mixed = await uploadToCase(
      w.vendorA,
      w.caseId,
      { name: 'a.txt', content: 'a' },
      { field: 'attachment', name: 'b.txt', content: 'b' },
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors).toHaveProperty('attachment');
    const two = await uploadToCase(
      w.vendorA,
      w.caseId,
      { name: 'a.txt', content: 'a' },
      { name: 'b.txt', content: 'b' },
    );
    expect(two.statusCode).toBe(400);
    expect(two.json().errors).toEqual({ file: ['Send one file at a time.'] });
    const { payload, headers } = await fileForm([], { note: 'no file here' });
    const none = await w.vendorA.request('POST', `/api/case/${w.caseId}/artifacts/`, { payload, headers });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ file: ['This field is required.'] });
    const json = await w.vendorA.post(`/api/case/${w.caseId}/artifacts/`, { file: 'not a file' });
    expect(json.statusCode).toBe(415);
    const broken = await w.vendorA.request('POST', `/api/case/${w.caseId}/artifacts/`, {
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhalf',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.statusCode).toBe(400);
    expect(await kept(t)).toEqual(before);
  });

  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\system32\\evil.dll', 'evil.dll'],
    ['/abs/path/report.pdf', 'report.pdf'],
    ['nul\u0000byte.txt', 'nulbyte.txt'],
    ['\u0000', 'file'],
    ['.bashrc', 'bashrc'],
    ['<img src=x onerror=alert(1)>.html', '_img src=x onerror=alert(1)_.html'],
  ])('cleans the file name %j to %j; the stored key never comes from it', async (name, expected) => {
    const res = await uploadToCase(w.vendorA, w.caseId, { name, content: 'x' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().file_name).toBe(expected);
    const [row] = await t.db.select().from(artifacts).where(eq(artifacts.uuid, res.json().uuid));
    expect(row.storageKey).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(row.fileName).toBe(expected);
  });
});

describe('PATCH and DELETE /api/case/artifact/{uuid}/', () => {
  it('lets only staff share: a participant (even the uploader) gets 403, one who cannot see it 404; bad bodies 400', async () => {
    const file = (await uploadToCase(w.vendorA, w.caseId, { name: 'mine.txt', content: 'mine' })).json();
    const url = `/api/case/artifact/${file.uuid}/`;
    const mine = await w.vendorA.patch(url, { share: true });
    expect(mine.statusCode).toBe(403);
    expect(mine.json().detail).toBe('Only coordinators can share or unshare files.');
    expect((await w.vendorB.patch(url, { share: true })).statusCode).toBe(404);
    expect((await w.stranger.patch(url, { share: true })).statusCode).toBe(404);
    for (const body of [{ share: 'yes' }, {}, { share: true, extra: 1 }]) {
      const res = await w.coordinator.patch(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toBeDefined();
    }
    const [row] = await t.db.select().from(artifacts).where(eq(artifacts.uuid, file.uuid));
    expect(row.shared).toBe(false);
  });

  it('lets the uploader delete their file, bytes included; another participant gets 403 (shared) or 404 (unshared)', async () => {
    const content = 'to be deleted';
    const file = (await uploadToCase(w.vendorA, w.caseId, { name: 'gone.txt', content })).json();
    const [row] = await t.db.select().from(artifacts).where(eq(artifacts.uuid, file.uuid));
    const url = `/api/case/artifact/${file.uuid}/`;
    expect((await w.vendorB.delete(url)).statusCode).toBe(404);
    await w.coordinator.patch(url, { share: true });
    const other = await w.vendorB.delete(url);
    expect(other.statusCode).toBe(403);
    expect(other.json().detail).toBe('Only coordinators and the person who uploaded a file can delete it.');
    expect((await w.stranger.delete(url)).statusCode).toBe(404);
    expect((await download(w.vendorB, file.uuid)).body).toBe(content);

    const before = await kept(t);
    expect((await w.vendorA.delete(url)).statusCode).toBe(204);
    expect(await kept(t)).toEqual({ rows: before.rows - 1, log: before.log + 1, files: before.files - 1 });
    await expect(t.storage.get(row.storageKey)).rejects.toBeInstanceOf(FileNotFoundError);
    expect((await download(w.vendorA, file.uuid)).statusCode).toBe(404);
    expect((await w.vendorA.delete(url)).statusCode).toBe(404);
    const [log] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.objectId, file.uuid), eq(activity.verb, 'deleted')));
    expect(log).toMatchObject({ actorId: w.vendorA.user.id, before: { file_name: 'gone.txt' } });
  });

  it("lets staff delete anyone's file", async () => {
    const file = (await uploadToCase(w.reporter, w.caseId, { name: 'r.txt', content: 'r' })).json();
    expect((await w.coordinator.delete(`/api/case/artifact/${file.uuid}/`)).statusCode).toBe(204);
    expect(await t.db.select().from(artifacts).where(eq(artifacts.uuid, file.uuid))).toEqual([]);
  });
});

describe('POST /api/case/thread/{id}/upload/', () => {
  it("attaches a file in an open thread: every participant of the case sees it, and it is among the case's files", async () => {
    const res = await uploadToThread(w.reporter, w.openThread, { name: 'poc.py', content: 'print(1)' });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({ source: 'thread', thread: w.openThread, shared: false, case: w.caseId });
    for (const who of [w.reporter, w.vendorA, w.vendorB, w.coordinator]) {
      expect(uuidsOf(await list(who))).toContain(file.uuid);
      expect(uuidsOf(await list(who, `?thread=${w.openThread}`))).toEqual([file.uuid]);
      expect((await download(who, file.uuid)).body).toBe('print(1)');
    }
    expect((await download(w.stranger, file.uuid)).statusCode).toBe(404);
  });

  it("keeps a restricted thread's files to its readers: others get 404 for the upload and the download", async () => {
    const html = '<script>alert(document.cookie)</script>';
    const res = await uploadToThread(w.vendorA, w.vendorAThread, {
      name: 'exploit.html',
      content: html,
      type: 'text/html',
    });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json();
    // Readers: vendor A and staff. Downloads stay attachments the browser must not sniff or render.
    for (const who of [w.vendorA, w.coordinator]) {
      expect(uuidsOf(await list(who, `?thread=${w.vendorAThread}`))).toEqual([file.uuid]);
      const got = await download(who, file.uuid);
      expect(got.statusCode).toBe(200);
      expect(got.body).toBe(html);
      expect(got.headers['content-disposition']).toBe(
        `attachment; filename="exploit.html"; filename*=UTF-8''exploit.html`,
      );
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      // Declared text/html; served as bytes no browser renders (issue 27).
      expect(got.headers['content-type']).toBe('application/octet-stream');
    }
    // Vendor B and the reporter take part in the case but not in this thread.
    const before = await kept(t);
    for (const who of [w.vendorB, w.reporter]) {
      expect(uuidsOf(await list(who))).not.toContain(file.uuid);
      expect((await download(who, file.uuid)).statusCode).toBe(404);
      const refused = await uploadToThread(who, w.vendorAThread, { name: 'sneak.txt', content: 'x' });
      expect(refused.statusCode).toBe(404);
      expect((await w.vendorB.delete(`/api/case/artifact/${file.uuid}/`)).statusCode).toBe(404);
    }
    for (const who of [w.stranger, t.anonymous()])
      expect([401, 404]).toContain(
        (await uploadToThread(who, w.openThread, { name: 'x', content: 'x' })).statusCode,
      );
    expect((await uploadToThread(w.coordinator, 2_000_000_000, { name: 'x', content: 'x' })).statusCode).toBe(
      404,
    );
    expect(await kept(t)).toEqual(before);
    // Once shared, every participant sees it, the thread's restriction notwithstanding.
    await w.coordinator.patch(`/api/case/artifact/${file.uuid}/`, { share: true });
    expect((await download(w.vendorB, file.uuid)).statusCode).toBe(200);
  });

  it('refuses files into an archived thread (409), a wrong field (400) and an oversized file (413), keeping nothing', async () => {
    const before = await kept(t);
    const archived = await uploadToThread(w.coordinator, w.archivedThread, {
      name: 'late.txt',
      content: 'x',
    });
    expect(archived.statusCode).toBe(409);
    expect(archived.json().errors).toHaveProperty('thread');
    const wrong = await uploadToThread(w.vendorA, w.openThread, {
      field: 'upload',
      name: 'a.txt',
      content: 'a',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty('upload');
    const big = await uploadToThread(w.vendorA, w.openThread, {
      name: 'big.bin',
      content: Buffer.alloc(MAX + 1),
    });
    expect(big.statusCode).toBe(413);
    expect(await kept(t)).toEqual(before);
    expect(
      (await upload(w.vendorA, `/api/case/thread/${w.openThread}/upload/`, { name: 'ok.txt', content: 'ok' }))
        .statusCode,
    ).toBe(201);
  });
});

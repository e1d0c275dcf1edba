import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import { artifacts, caseParticipants } from '../tables.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { submitReport } from '../../testing/report-test-helpers.ts';
import { attachmentDisposition, safeContentType, sanitizeFileName } from './file-names.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const POC = '<script>alert(1)</script>\n';

async function caseWithPoc(name = 'poc.html', type = 'text/html') {
  const reporter = await t.signIn();
  const res = await submitReport(reporter, {
    report: sampleReportQuestions(),
    poc: { name, content: POC, type },
  });
  expect(res.statusCode).toBe(201);
  const caseId: number = res.json().id;
  const [artifact] = await t.db.select().from(artifacts).where(eq(artifacts.caseId, caseId));
  return { reporter, caseId, artifact };
}

describe('GET /api/case/{id}/artifacts/', () => {
  it("shows the reporter and staff the report's poc; a participant it is not shared with does not see it", async () => {
    const { reporter, caseId, artifact } = await caseWithPoc();
    const coordinator = await t.signIn({ roles: ['coordinator'] });
    for (const who of [reporter, coordinator]) {
      const res = await who.get(`/api/case/${caseId}/artifacts/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        count: 1,
        results: [
          {
            uuid: artifact.uuid,
            file_name: 'poc.html',
            content_type: 'text/html',
            size: Buffer.byteLength(POC),
            source: 'report',
            shared: false,
            uploaded_by: { id: reporter.user.id },
            download_url: `/api/case/artifact/${artifact.uuid}/download/`,
          },
        ],
      });
    }
    const vendor = await t.signIn();
    await t.db.insert(caseParticipants).values({ caseId, userId: vendor.user.id, role: 'vendor' });
    expect((await vendor.get(`/api/case/${caseId}/artifacts/`)).json()).toMatchObject({
      count: 0,
      results: [],
    });
    expect((await vendor.get(`/api/case/artifact/${artifact.uuid}/download/`)).statusCode).toBe(404);
    // Once shared, participants see and download it.
    await t.db.update(artifacts).set({ shared: true }).where(eq(artifacts.uuid, artifact.uuid));
    expect((await vendor.get(`/api/case/${caseId}/artifacts/`)).json().count).toBe(1);
    expect((await vendor.get(`/api/case/artifact/${artifact.uuid}/download/`)).statusCode).toBe(200);
    const stranger = await t.signIn();
    expect((await stranger.get(`/api/case/${caseId}/artifacts/`)).statusCode).toBe(404);
  });
});

describe('GET /api/case/artifact/{uuid}/download/', () => {
  it('serves the file as an attachment that the browser must not sniff or render', async () => {
    const { reporter, artifact } = await caseWithPoc('résumé "x".html');
    const res = await reporter.get(`/api/case/artifact/${artifact.uuid}/download/`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(POC);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="r_sum_ _x_.html"; filename*=UTF-8''r%C3%A9sum%C3%A9%20_x_.html`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Declared text/html, served as bytes nobody renders.
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(POC)));
  });

  it('a script declared application/javascript is served as octet-stream; inert types keep theirs', async () => {
    for (const [name, declared, served] of [
      ['exploit.js', 'application/javascript', 'application/octet-stream'],
      ['page.svg', 'image/svg+xml', 'application/octet-stream'],
      ['shot.png', 'image/png', 'image/png'],
      ['notes.txt', 'text/plain; charset=utf-7', 'text/plain; charset=utf-8'],
    ]) {
      const { reporter, artifact } = await caseWithPoc(name, declared);
      const res = await reporter.get(`/api/case/artifact/${artifact.uuid}/download/`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type'], name).toBe(served);
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    }
  });

  it('answers 404 to strangers, for malformed or unknown ids and for a file gone from storage; 401 without a session', async () => {
    const { reporter, artifact } = await caseWithPoc();
    const stranger = await t.signIn();
    const res = await stranger.get(`/api/case/artifact/${artifact.uuid}/download/`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('script');
    expect((await t.anonymous().get(`/api/case/artifact/${artifact.uuid}/download/`)).statusCode).toBe(401);
    const coordinator = await t.signIn({ roles: ['coordinator'] });
    expect((await coordinator.get('/api/case/artifact/not-a-uuid/download/')).statusCode).toBe(404);
    expect(
      (await coordinator.get('/api/case/artifact/00000000-0000-4000-8000-000000000000/download/')).statusCode,
    ).toBe(404);
    await t.storage.delete(artifact.storageKey);
    const gone = await reporter.get(`/api/case/artifact/${artifact.uuid}/download/`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe('The file is no longer available.');
  });
});

describe('file names and types from clients', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\poc.py', 'poc.py'],
    ['.htaccess', 'htaccess'],
    ['evil\u202Egnp.exe', 'evilgnp.exe'],
    ['a<b>c:d|e?f*g"h.txt', 'a_b_c_d_e_f_g_h.txt'],
    ['line\nbreak.txt', 'linebreak.txt'],
    ['', 'file'],
    ['...', 'file'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('shortens long names but keeps the extension', () => {
    const name = sanitizeFileName(`${'a'.repeat(300)}.tar.gz`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.gz')).toBe(true);
  });

  it('keeps plausible content types and replaces the rest', () => {
    expect(safeContentType('Text/Plain; charset=utf-8')).toBe('text/plain');
    expect(safeContentType('application/x-python-code')).toBe('application/x-python-code');
    expect(safeContentType('text/html\r\nX-Evil: 1')).toBe('application/octet-stream');
    expect(safeContentType('')).toBe('application/octet-stream');
  });

  it('writes a header-safe Content-Disposition', () => {
    expect(attachmentDisposition('a"b\\c.txt')).toBe(
      `attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`,
    );
  });
});

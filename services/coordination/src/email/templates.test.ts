// Email templates (issue 14): admins create, edit, preview and delete them; an edit changes what the next
// notification email says; rendering escapes case data in HTML and keeps subjects one line; a template in
// use cannot be deleted; every write is in the audit list with before/after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { sampleReportQuestions } from '@cvdp/core/testing/report/test-fixtures';
import {
  DUPLICATE_NOTIFICATION_TEMPLATE,
  DUPLICATE_TEMPLATE_NAME,
  TEMPLATE_KINDS,
  TEMPLATE_VARIABLES_BY_KIND,
  templateInUse,
  type AuditEntry,
  type EmailTemplate,
  type EmailTemplatePreview,
  type PageOf,
} from '@cvdp/core';
import { createTestApp, type TestApp, type TestClient, type TestUser } from '../../testing/test-app.ts';
import { submitReport } from '../../testing/report-test-helpers.ts';
import { emailOutbox } from './tables.ts';

let t: TestApp;
let admin: TestClient & { user: TestUser };
let coordinator: TestClient & { user: TestUser };
let reporter: TestClient & { user: TestUser };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ roles: ['admin'], name: 'Ana Admin' });
  coordinator = await t.signIn({ roles: ['coordinator'], name: 'Cora Coordinator' });
  reporter = await t.signIn({ name: 'Rita <b>Reporter</b>' });
});
afterAll(() => t.close());

const XSS = `<script>alert("x")</script><img src=x onerror=alert(1)> & 'quotes'`;

const templateOf = async (kind: string) => {
  const page = (await admin.get('/manage/email/templates/?template_type=0&page_size=200')).json<
    PageOf<EmailTemplate>
  >();
  return page.results.find((x) => x.kind === kind)!;
};
const auditOf = async (id: number) =>
  (await admin.get('/manage/activity/?object_type=email_template&page_size=200'))
    .json<PageOf<AuditEntry>>()
    .results.filter((a) => a.object_id === String(id));

const newCase = async (title: string) => {
  const res = await submitReport(reporter, { report: sampleReportQuestions() });
  const id = res.json().id as number;
  expect((await coordinator.patch(`/api/cases/${id}/`, { title })).statusCode).toBe(200);
  return id;
};
const lastEmailTo = async (address: string, caseId: number) =>
  (
    await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.caseId, caseId)))
      .orderBy(desc(emailOutbox.id))
      .limit(1)
  )[0];

describe('editing a notification template', () => {
  it('changes the next email of its kind; case data stays escaped in the HTML and the subject one line', async () => {
    const status = await templateOf('status_changed');
    expect(status).toMatchObject({ in_use: true, template_type: 0 });
    expect(status.variables).toEqual([...TEMPLATE_VARIABLES_BY_KIND.status_changed]);

    const res = await admin.patch(`/manage/email/template/${status.id}/`, {
      subject: 'Case {{ case_id }} moved to {{status}} — {{case_title}}',
      body: 'Dear {{recipient_name}},\n<p>{{case_title}}</p> is {{status}}.\nSee {{case_link}}',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EmailTemplate>()).toMatchObject({ in_use: true, kind: 'status_changed' });

    const caseId = await newCase(`Evil ${XSS}\r\nBcc: victim@example.com\u0085Cc: c1@example.com\u2028X: y`);
    expect((await coordinator.patch(`/api/cases/${caseId}/`, { status: 1 })).statusCode).toBe(200);
    const email = await lastEmailTo(reporter.user.email, caseId);
    expect(email.kind).toBe('status_changed');
    // The subject is the edited one, on one line: the title's CR/LF (or C1 NEL, or U+2028) cannot start a
    // header.
    expect(email.subject).toMatch(new RegExp(`^Case ${caseId} moved to Active — Evil <script>`));
    expect(email.subject).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
    expect(email.subject).toContain('Bcc: victim@example.com Cc: c1@example.com X: y');
    expect(email.textBody).toContain(`Dear Rita <b>Reporter</b>,\n<p>Evil ${XSS}`);
    // HTML: the template's own text and every value escaped, nothing of the case data is markup.
    expect(email.htmlBody).not.toMatch(/<script|<img|<b>|<p>/);
    expect(email.htmlBody).toContain('Dear Rita &lt;b&gt;Reporter&lt;/b&gt;,');
    expect(email.htmlBody).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &#39;quotes&#39;',
    );
    expect(email.htmlBody).toContain(`See /cvdp/cases/${caseId}`);

    // The audit list has the change with the text before and after.
    const [entry] = await auditOf(status.id);
    expect(entry).toMatchObject({
      verb: 'changed email template',
      actor: { id: admin.user.id, name: 'Ana Admin' },
      before: { subject: status.subject, body: status.body, kind: 'status_changed', template_type: 0 },
      after: { subject: 'Case {{ case_id }} moved to {{status}} — {{case_title}}', kind: 'status_changed' },
    });

    // An edit that changes nothing writes nothing.
    await admin.patch(`/manage/email/template/${status.id}/`, { name: status.name });
    expect(await auditOf(status.id)).toHaveLength(1);
  });

  it('refuses a variable the kind does not fill in, naming it under the field; nothing changes', async () => {
    const assigned = await templateOf('assigned');
    const res = await admin.patch(`/manage/email/template/${assigned.id}/`, {
      subject: 'Assigned {{case_title}}',
      body: 'Hello {{recipient_name}}, your role is {{role}} and {{ Secret_Key }}',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors.body[0]).toMatch(/^Unknown variables \{\{role\}\}, \{\{Secret_Key\}\}: /);
    expect(body.detail).toContain('{{role}}');
    expect(body.errors).not.toHaveProperty('subject');
    expect((await admin.get(`/manage/email/template/${assigned.id}/`)).json()).toMatchObject({
      subject: assigned.subject,
      body: assigned.body,
    });
    const create = await admin.post('/manage/email/templates/', {
      name: 'bad',
      template_type: 1,
      kind: 'new_post',
      subject: '{{status}}',
      body: 'x',
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().errors.subject[0]).toMatch(/^Unknown variable \{\{status\}\}: a New post template/);
  });
});

describe('creating and deleting templates', () => {
  it('creates a message template, edits and deletes it, each in the audit list', async () => {
    const res = await admin.post('/manage/email/templates/', {
      name: 'Vendor reminder',
      template_type: 1,
      kind: 'case_notice',
      subject: 'Reminder: case #{{case_id}}',
      body: 'Hello {{recipient_name}}, please answer in {{case_link}}.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<EmailTemplate>();
    expect(created).toMatchObject({ template_type: 1, kind: 'case_notice', in_use: false });
    // Beside the four seeded for the triage bulk close (issue 28).
    const messages = (await admin.get('/manage/email/templates/?template_type=1')).json().results;
    expect(messages).toHaveLength(5);
    expect(messages).toContainEqual(created);
    expect((await admin.get('/manage/email/templates/?search=reminder')).json().count).toBe(1);

    const dup = await admin.post('/manage/email/templates/', {
      name: 'vendor REMINDER',
      template_type: 1,
      kind: 'case_notice',
      subject: 's',
      body: 'b',
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ name: [DUPLICATE_TEMPLATE_NAME] });

    const edit = await admin.patch(`/manage/email/template/${created.id}/`, { name: 'Vendor nudge' });
    expect(edit.json<EmailTemplate>().name).toBe('Vendor nudge');
    expect((await admin.delete(`/manage/email/template/${created.id}/`)).statusCode).toBe(204);
    expect((await admin.get(`/manage/email/template/${created.id}/`)).statusCode).toBe(404);
    expect((await admin.delete(`/manage/email/template/${created.id}/`)).statusCode).toBe(404);

    expect((await auditOf(created.id)).map((a) => [a.verb, a.before, a.after])).toEqual([
      ['removed email template', expect.objectContaining({ name: 'Vendor nudge' }), null],
      [
        'changed email template',
        expect.objectContaining({ name: 'Vendor reminder' }),
        expect.objectContaining({ name: 'Vendor nudge' }),
      ],
      ['added email template', null, expect.objectContaining({ name: 'Vendor reminder', template_type: 1 })],
    ]);
  });

  it('a second notification template for a kind is refused; the built-in kinds keep theirs (409)', async () => {
    const dup = await admin.post('/manage/email/templates/', {
      name: 'Another post template',
      kind: 'new_post',
      subject: 'Post',
      body: 'Post in {{thread_subject}}',
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ kind: [DUPLICATE_NOTIFICATION_TEMPLATE] });

    const newPost = await templateOf('new_post');
    const del = await admin.delete(`/manage/email/template/${newPost.id}/`);
    expect(del.statusCode).toBe(409);
    expect(del.json().detail).toBe(templateInUse('new_post'));
    expect(del.json().detail).toContain('"New post" notification emails are sent with it');
    expect((await admin.get(`/manage/email/template/${newPost.id}/`)).statusCode).toBe(200);
  });

  it('every seeded kind, approvals included, is sent with its template: none can be deleted', async () => {
    for (const kind of TEMPLATE_KINDS) {
      const template = await templateOf(kind);
      expect(template.in_use, kind).toBe(true);
      const res = await admin.delete(`/manage/email/template/${template.id}/`);
      expect(res.statusCode, kind).toBe(409);
      expect(res.json().detail).toBe(templateInUse(kind));
    }
  });
});

describe('previews', () => {
  it('renders a draft with sample values, or a case with an XSS title escaped in the HTML', async () => {
    const draft = {
      kind: 'participant_added',
      subject: 'Added as {{role}}: {{case_title}}',
      body: '<b>Hi</b> {{recipient_name}}, case {{case_title}} ({{case_link}})',
    };
    const sample = await admin.post('/manage/email/template/preview/', draft);
    expect(sample.statusCode, sample.body).toBe(200);
    const p = sample.json<EmailTemplatePreview>();
    expect(p.subject).toBe('Added as vendor: Buffer overflow in Example Router firmware');
    expect(p.text).toBe(
      '<b>Hi</b> Ada Lovelace, case Buffer overflow in Example Router firmware (/cvdp/cases/123)',
    );
    expect(p.html).toContain('&lt;b&gt;Hi&lt;/b&gt; Ada Lovelace');
    expect(Object.keys(p.values).sort()).toEqual([...TEMPLATE_VARIABLES_BY_KIND.participant_added].sort());

    const caseId = await newCase(`Title ${XSS}\nSubject: injected`);
    const real = (
      await admin.post('/manage/email/template/preview/', { ...draft, case: caseId })
    ).json<EmailTemplatePreview>();
    expect(real.subject).toBe(`Added as vendor: Title ${XSS} Subject: injected`);
    expect(real.html).not.toMatch(/<script|<img|<b>/);
    expect(real.html).toContain('Ana Admin, case Title &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(real.html).toContain(`(/cvdp/cases/${caseId})`);

    const saved = await templateOf('participant_added');
    const savedPreview = await admin.post(`/manage/email/template/${saved.id}/preview/`, { case: caseId });
    expect(savedPreview.statusCode).toBe(200);
    expect(savedPreview.json<EmailTemplatePreview>().subject).toBe(
      `[CVDP] You were added to case #${caseId}: Title ${XSS} Subject: injected`,
    );
    expect((await admin.post(`/manage/email/template/${saved.id}/preview/`, {})).statusCode).toBe(200);
  });

  it('bad previews: unknown variable, unknown case, a subject with a line break, unknown template', async () => {
    const base = { kind: 'assigned', subject: 'S', body: 'B' };
    for (const [body, field] of [
      [{ ...base, body: 'Hello {{status}}' }, 'body'],
      [{ ...base, case: 2_000_000_000 }, 'case'],
      [{ ...base, subject: 'one\ntwo' }, 'subject'],
      [{ ...base, kind: 'nope' }, 'kind'],
      [{ ...base, extra: 1 }, ''],
    ] as const) {
      const res = await admin.post('/manage/email/template/preview/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(res.json().errors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await admin.post('/manage/email/template/2000000000/preview/', {})).statusCode).toBe(404);
    expect((await admin.get('/manage/email/template/99999999999/')).statusCode).toBe(404);
  });
});

describe('access', () => {
  const calls: [string, string, unknown?][] = [
    [
      'POST',
      '/manage/email/templates/',
      { name: 'x', kind: 'assigned', template_type: 1, subject: 's', body: 'b' },
    ],
    ['GET', '/manage/email/template/1/'],
    ['PATCH', '/manage/email/template/1/', { name: 'hijacked' }],
    ['DELETE', '/manage/email/template/1/'],
    ['POST', '/manage/email/template/preview/', { kind: 'assigned', subject: 's', body: 'b' }],
    ['POST', '/manage/email/template/1/preview/', {}],
  ];

  it('admins only: 403 for every other role, 401 signed out, and nothing changes', async () => {
    const others = [
      coordinator,
      reporter,
      await t.signIn({ roles: ['scorer'] }),
      await t.signIn({ roles: ['coordinator', 'scorer'] }),
    ];
    const before = (await admin.get('/manage/email/templates/?page_size=200')).json<PageOf<EmailTemplate>>();
    for (const [method, url, body] of calls) {
      for (const who of others) {
        const res = await who.request(method as 'GET', url, { body: body as never });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      const anon = await t.anonymous().request(method as 'GET', url, { body: body as never });
      expect(anon.statusCode, `${method} ${url} signed out`).toBe(401);
    }
    expect((await admin.get('/manage/email/templates/?page_size=200')).json()).toEqual(before);
  });
});

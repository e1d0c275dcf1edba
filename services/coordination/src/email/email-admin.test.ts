// GET /manage/email/outbox/ and GET /manage/email/templates/ (admins): with no SMTP server configured, mail
// stays queued and administrators read it here; the templates list shows what each template may use.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_TEMPLATE_VARIABLES,
  TEMPLATE_KINDS,
  TEMPLATE_VARIABLES_BY_KIND,
  type EmailTemplate,
  type OutboxMessage,
  type PageOf,
} from '@cvdp/core';
import { caseParticipants, cases } from '../cases/tables.ts';
import { notify } from '../notifications/notify.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { emailOutbox } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /manage/email/outbox/', () => {
  it('shows admins the queued mail newest first, filtered by ?status=, and nobody else', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const vendor = await t.createUser({ name: 'Vic Vendor' });
    const [c] = await t.db.insert(cases).values({ title: 'Outbox <b>case</b>' }).returning();
    await t.db.insert(caseParticipants).values({ caseId: c.id, userId: vendor.id, role: 'vendor' });
    for (const kind of ['participant_added', 'status_changed'] as const)
      await t.db.transaction((tx) =>
        notify(tx, { caseId: c.id, kind, actorId: null, userIds: [vendor.id], title: kind }),
      );
    // No CVDP_SMTP_URL in tests: the worker does not run and both stay pending.
    await new Promise((r) => setTimeout(r, 100));
    const res = await admin.get('/manage/email/outbox/');
    expect(res.statusCode).toBe(200);
    const page = res.json<PageOf<OutboxMessage>>();
    expect(page.count).toBe(2);
    expect(page.results.map((m) => [m.kind, m.to, m.status, m.attempts, m.sent])).toEqual([
      ['status_changed', vendor.email, 'pending', 0, null],
      ['participant_added', vendor.email, 'pending', 0, null],
    ]);
    expect(page.results[1].subject).toBe(`[CVDP] You were added to case #${c.id}: Outbox <b>case</b>`);
    expect(page.results[0].next_attempt).not.toBeNull();
    // The answer carries no message bodies.
    expect(Object.keys(page.results[0]).sort()).toEqual(
      [
        'attempts',
        'created',
        'id',
        'kind',
        'last_error',
        'next_attempt',
        'sent',
        'status',
        'subject',
        'to',
      ].sort(),
    );

    const first = page.results[1];
    await t.db
      .update(emailOutbox)
      .set({ status: 'failed', attempts: 5, lastError: '550 no such user' })
      .where(eq(emailOutbox.id, first.id));
    const failed = (await admin.get('/manage/email/outbox/?status=failed')).json<PageOf<OutboxMessage>>();
    expect(failed.results).toMatchObject([
      { id: first.id, status: 'failed', attempts: 5, last_error: '550 no such user', next_attempt: null },
    ]);
    expect((await admin.get('/manage/email/outbox/?status=pending')).json().count).toBe(1);
    expect((await admin.get('/manage/email/outbox/?status=sent')).json().count).toBe(0);
    expect((await admin.get('/manage/email/outbox/?page_size=1&page=2')).json().results[0].id).toBe(first.id);

    for (const who of [await t.signIn({ roles: ['coordinator'] }), await t.signIn()])
      expect((await who.get('/manage/email/outbox/')).statusCode).toBe(403);
    expect((await t.anonymous().get('/manage/email/outbox/')).statusCode).toBe(401);
  });

  it('unknown status values and bad paging: 400 naming the field', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    for (const [query, field] of [
      ['status=sending', 'status'],
      ['status=', 'status'],
      ['page_size=201', 'page_size'],
      ['page=-1', 'page'],
    ]) {
      const res = await admin.get(`/manage/email/outbox/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toHaveProperty(field);
    }
  });
});

describe('GET /manage/email/templates/', () => {
  it('lists the seeded notification templates, one per kind, with the variables they may use', async () => {
    const admin = await t.signIn({ roles: ['admin'] });
    const res = await admin.get('/manage/email/templates/?template_type=0');
    expect(res.statusCode).toBe(200);
    const page = res.json<PageOf<EmailTemplate>>();
    expect(page.results.map((x) => x.kind).sort()).toEqual([...TEMPLATE_KINDS].sort());
    for (const template of page.results) {
      expect(template.template_type).toBe(0);
      expect(template.in_use).toBe(true);
      expect(template.variables).toEqual([...TEMPLATE_VARIABLES_BY_KIND[template.kind]]);
      // Every variable a seeded template uses is one its kind fills in.
      for (const [, name] of `${template.subject}${template.body}`.matchAll(/\{\{\s*([a-z_]+)\s*\}\}/g))
        expect(template.variables, `${template.name}: ${name}`).toContain(name);
      for (const name of template.variables) expect(EMAIL_TEMPLATE_VARIABLES).toContain(name);
    }
    const search = (await admin.get('/manage/email/templates/?template_type=0&search=notify')).json<
      PageOf<EmailTemplate>
    >();
    expect(search.count).toBe(TEMPLATE_KINDS.length);
    const one = (await admin.get('/manage/email/templates/?template_type=0&search=status')).json<
      PageOf<EmailTemplate>
    >();
    expect(one.results.map((x) => x.kind)).toEqual(['status_changed']);
    expect((await admin.get('/manage/email/templates/?search=%25')).json().count).toBe(0);
    // The message templates seeded: the triage bulk close's messages to reporters (issue 28).
    expect((await admin.get('/manage/email/templates/?template_type=1')).json().count).toBe(4);
  });

  it('admins only; unknown template_type: 400', async () => {
    expect(
      (await (await t.signIn({ roles: ['coordinator'] })).get('/manage/email/templates/')).statusCode,
    ).toBe(403);
    expect((await t.anonymous().get('/manage/email/templates/')).statusCode).toBe(401);
    const admin = await t.signIn({ roles: ['admin'] });
    for (const query of ['template_type=2', 'template_type=x', `search=${'a'.repeat(201)}`]) {
      const res = await admin.get(`/manage/email/templates/?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

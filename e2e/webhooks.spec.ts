// Webhooks as an administrator sets them up (issue 29 item 4): an endpoint registered from the Webhooks
// screen (events as checkboxes, the signing secret shown once), "Send test event" answered by a toast, the
// delivery log showing the answer — and a real event (a report submitted) arriving at the receiver signed
// with that secret, sent by the server's own webhook worker. The receiver is an HTTP server of this test on
// loopback (the e2e servers allow 127.0.0.1). Screens are checked with axe and photographed at 1280 and 390 px.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { ADMIN } from './support/servers.ts';
import { signInThroughPage } from './support/accounts.ts';
import { submitReport } from './support/cases.ts';
import { openAdministration } from './support/navigation.ts';
import { expectNoSeriousAxeViolations, screenshots } from './support/checks.ts';

test('an administrator registers a webhook, sends a test event and reads the delivery log', async ({
  page,
}) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received, thank you');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cvdp-events`;
  try {
    await signInThroughPage(page, ADMIN);
    await openAdministration(page, 'Webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

    // A private address is refused with the reason, under the field.
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill('http://10.0.0.7/hook');
    await dialog.getByRole('checkbox', { name: 'Case created' }).check();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(dialog).toContainText('CVDP_OUTBOUND_ALLOW');
    await expectNoSeriousAxeViolations(page, 'Add webhook');

    await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('SIEM intake');
    await dialog.getByRole('checkbox', { name: 'Advisory published' }).check();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();

    // The secret, this once.
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByRole('status').filter({ hasText: 'Webhook added.' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'Signing secret');
    await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
    const row = page.getByRole('row', { name: new RegExp(url) });
    await expect(row).toContainText('Case created, Advisory published');
    await expect(row).toContainText(`whsec_…${secret.slice(-4)}`);
    await expect(page.getByText(secret)).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, 'Webhooks');
    await screenshots(page, 'webhooks-list');

    await page.getByRole('button', { name: `Send test event to ${url}` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Test event delivered: the endpoint answered 200.' }),
    ).toBeVisible();
    expect(received.map((r) => r.headers['x-cvdp-event'])).toEqual(['ping']);

    // A real event: the server's worker sends it, signed with the secret shown above.
    const caseId = await submitReport(page, `Webhook e2e ${Date.now()}`);
    await expect
      .poll(() => received.filter((r) => JSON.parse(r.body).data?.case?.id === caseId).length)
      .toBe(1);
    const event = received.find((r) => JSON.parse(r.body).data?.case?.id === caseId)!;
    const signed = `${String(event.headers['x-cvdp-timestamp'])}.${event.body}`;
    expect(event.headers['x-cvdp-signature']).toBe(
      `v1=${createHmac('sha256', secret).update(signed).digest('hex')}`,
    );

    await page.getByRole('link', { name: `Delivery log of ${url}` }).click();
    await expect(page.getByRole('heading', { name: 'Delivery log', level: 1 })).toBeVisible();
    const log = page.getByRole('table', { name: 'Deliveries' });
    await expect(log.getByRole('row', { name: /ping/ })).toContainText('delivered');
    await expect(log.getByRole('row', { name: /case\.created/ }).first()).toContainText('HTTP 200');
    await expect(log).toContainText('received, thank you');
    await expectNoSeriousAxeViolations(page, 'Webhook delivery log');
    await screenshots(page, 'webhooks-log');
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

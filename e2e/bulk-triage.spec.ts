// Triage at volume (issue 28): a coordinator clears a queue of 20 new reports — one merged into the case it
// repeats from its likely duplicates, then the rest with bulk actions (activate some, close the others with a
// resolution and a templated message), reading what happened to each. Reports are seeded through the API by
// four reporters (the submit limit is per user).
import { expect, test } from '@playwright/test';
import { servers } from './support/servers.ts';
import { apiSignIn, createAccount, signInThroughPage } from './support/accounts.ts';
import { expectNoSeriousAxeViolations, screenshots } from './support/checks.ts';

const report = (title: string, description: string, product: string) => [
  { question: 'Title', answer: title },
  { question: 'Product', answer: product },
  { question: 'Have you notified the vendor?', answer: 'No' },
  { question: 'Vendor contact', answer: 'psirt@example.test' },
  { question: 'Do you have plans to disclose this vulnerability?', answer: 'No' },
  {
    question: 'Describe the vulnerabilities',
    answer: [
      [
        { question: 'Description', answer: description },
        { question: 'Do you want to provide a CVSS score?', answer: 'No' },
        { question: 'Has this vulnerability been publicly disclosed?', answer: 'No' },
      ],
    ],
  },
];

test('a coordinator clears a triage queue of 20 reports with one merge and bulk actions', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = `bulk${Date.now()}`;
  const reporters = await Promise.all([0, 1, 2, 3].map(() => createAccount(servers.main.url, ['reporter'])));
  const coordinator = await createAccount(servers.main.url, ['coordinator'], `Bulk Coordinator ${stamp}`);
  const clients = await Promise.all(reporters.map((r) => apiSignIn(servers.main.url, r.email, r.password)));
  const submit = async (i: number, title: string, description: string, product: string) => {
    const { api, headers } = clients[i % clients.length];
    const res = await api.post('/api/report/', {
      multipart: { report: JSON.stringify(report(title, description, product)) },
      headers,
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const flaw = `The ${stamp} gateway's firmware updater accepts any image because the signature check compares only the first byte of the digest`;
  const first = await submit(0, `${stamp} firmware signature bypass`, `${flaw}.`, `Gateway ${stamp} 2.1`);
  const repeat = await submit(
    1,
    `${stamp} unsigned firmware accepted`,
    `Because the signature check compares only the first byte of the digest, the ${stamp} gateway's firmware updater accepts any image.`,
    `Gateway ${stamp}`,
  );
  const others: number[] = [];
  for (let i = 0; i < 18; i++)
    others.push(
      await submit(
        i + 2,
        `${stamp} report ${i + 1}`,
        `Finding number ${i + 1} of the ${stamp} audit: item q${i}z${stamp}.`,
        `Product ${i}`,
      ),
    );

  await signInThroughPage(page, coordinator);
  // The repeat shows its likely duplicate, with why; merging asks first, then says so.
  await page.goto(`/cvdp/cases/${repeat}`);
  const suggestions = page.getByRole('list', { name: 'Likely duplicates' });
  const suggestion = suggestions.getByRole('listitem').filter({ hasText: `Case #${first}` });
  await expect(suggestion).toContainText('Close text');
  await expectNoSeriousAxeViolations(page, 'a report in triage with its likely duplicates');
  await suggestion.getByRole('button', { name: `Merge into case #${first}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByRole('status')).toContainText(`Report merged into case #${first}`);

  // The queue, narrowed to this run's reports: 19 left (the merged one is closed).
  await page.goto(`/cvdp/triage?query=${stamp}`);
  await expect(page.getByText('19 reports waiting')).toBeVisible();
  // Each report's quality in words (issue 28): these have no steps to reproduce and no proof of concept.
  await expect(page.getByRole('list', { name: `Why report #${first} scores lower` })).toHaveText(
    'No steps to reproduceNo proof of concept',
  );
  // Weakest first (no version either): the order changes, nothing leaves the queue.
  await page.getByLabel('Order').selectOption('quality');
  await expect(page).toHaveURL(/ordering=quality/);
  await expect(page.getByRole('row').nth(1)).toContainText('Weak');
  await expect(page.getByText('19 reports waiting')).toBeVisible();
  // Keyboard: Space ticks "select every report on this page".
  await page.getByRole('checkbox', { name: 'Select every report on this page' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('heading', { name: '19 reports selected' })).toBeVisible();
  // Leave the first report out: it is activated on its own run below.
  await page.getByRole('checkbox', { name: new RegExp(`^Select report #${first}:`) }).uncheck();
  await expectNoSeriousAxeViolations(page, 'the triage queue with the bulk action bar');
  await screenshots(page, 'bulk-triage-bar');

  // Close 18 with a resolution and a templated message.
  await page.getByLabel('Action').selectOption('close');
  await page.getByLabel('Resolution').selectOption({ label: 'Not a vulnerability' });
  await page.getByLabel('Message template').selectOption({ label: 'Not a vulnerability' });
  await expect(page.getByLabel('Message to each reporter')).toHaveValue(
    /does not describe a security vulnerability/,
  );
  await page.getByRole('button', { name: 'Close 18 reports…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close 18 reports', exact: true }).click();
  const summary = page.getByRole('list', { name: 'What happened to each report' });
  await expect(summary.getByRole('listitem')).toHaveCount(18);
  await expect(page.getByRole('heading', { name: '18 done, 0 refused' })).toBeVisible();
  await expect(page.getByText('1 report waiting')).toBeVisible();

  // The last one: activated, with the merged case's summary line.
  await page.getByRole('checkbox', { name: new RegExp(`^Select report #${first}:`) }).check();
  await page.getByRole('button', { name: 'Activate 1 report…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Activate 1 report', exact: true }).click();
  await expect(page.getByRole('heading', { name: '1 done, 0 refused' })).toBeVisible();
  await expect(page.getByText('0 reports waiting')).toBeVisible();
  await screenshots(page, 'bulk-triage-summary');
  for (const c of clients) await c.api.dispose();
});

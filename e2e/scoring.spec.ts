// Scoring end to end (issue 13): an administrator ingests a handful of the shared CVE records through the upload
// route; a scorer filters the queue to KEV records, opens one, locks it, decides it with SSVC step by step and
// writes an analysis; a second scorer, in another browser, sees it locked by the first (no Lock button, the
// server's 409 naming the holder). Queue and vulnerability page: axe clean, screenshots at 1280 and 390 px
// without sideways scrolling.
import { expect, test, type Page } from '@playwright/test';
import { servers } from './support/servers.ts';
import { createAccount, signInThroughPage } from './support/accounts.ts';
import { expectNoSeriousAxeViolations, screenshots } from './support/checks.ts';
import { ingestRecords } from './support/scoring.ts';

/** CVE-2024-4577 is in CISA's KEV (its ADP container says so); CVE-1999-0006 is not. */
const KEV_CVE = 'CVE-2024-4577';

async function decideSsvc(page: Page) {
  // 'Change SSVC decision' when an earlier attempt of this test (a retry) already decided it.
  await page.getByRole('button', { name: /^(Decide with SSVC|Change SSVC decision)$/ }).click();
  const form = page.getByRole('region', { name: 'SSVC decision' });
  const choose = async (label: string) => {
    await form.getByLabel(label, { exact: true }).check();
    await form.getByRole('button', { name: 'Next' }).click();
  };
  await choose('CISA Coordinator 2.0.3');
  await choose('Active');
  await choose('Yes');
  await choose('Total');
  await form.getByLabel('Essential', { exact: true }).check();
  await expect(form.getByRole('status')).toContainText('Outcome: Act');
  await form.getByRole('button', { name: 'Next' }).click();
  await choose('Minimal');
  await form.getByRole('button', { name: 'Save decision' }).click();
  await expect(form).toBeHidden();
}

test('a scorer filters the queue, locks a KEV vulnerability, scores it with SSVC and writes an analysis; another scorer sees it locked', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  await ingestRecords(undefined, { unlock: [KEV_CVE] });
  const [first, second] = await Promise.all([
    createAccount(servers.main.url, ['scorer'], `Sam Scorer ${stamp}`),
    createAccount(servers.main.url, ['scorer'], `Sky Scorer ${stamp}`),
  ]);

  await signInThroughPage(page, first);
  // The menu offers Scoring to scorers (wait for the landing page first: it may still be redirecting).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Scoring', exact: true })).toHaveAttribute(
    'href',
    '/cvdp/scoring',
  );
  await page.goto('/cvdp/scoring');
  await expect(page.getByRole('heading', { name: 'Scoring queue' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Vulnerabilities to score' });
  await expect(table.getByRole('row', { name: KEV_CVE })).toBeVisible();

  // A query nothing matches: the table says so.
  await page.getByLabel('Search').fill(`nothing-matches-${stamp}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`query=nothing-matches-${stamp}`));
  await expect(table.getByRole('cell', { name: 'No data ...' })).toBeVisible();
  await page.getByLabel('Search').fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  // KEV only: every row carries the KEV badge, and the KEV record is among them.
  await page.getByLabel('KEV').selectOption('1');
  await expect(page).toHaveURL(/kev=1/);
  // Picked at once after clearing the search, KEV does not bring the cleared words back (lib/search-params.ts).
  await expect(page).not.toHaveURL(/query=/);
  const rows = table.locator('tbody tr');
  await expect(table.getByRole('row', { name: 'CVE-1999-0006' })).toHaveCount(0);
  await expect(table.getByRole('row', { name: KEV_CVE })).toBeVisible();
  const count = await rows.count();
  for (let i = 0; i < count; i++) await expect(rows.nth(i).getByText('KEV', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the queue');
  await screenshots(page, 'scoring-queue');

  // Keyboard: focus the row and open it with Enter.
  await table.getByRole('row', { name: KEV_CVE }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(KEV_CVE) })).toBeVisible();
  // The record is readable and CISA's ADP values stand beside the CNA's.
  await expect(page.getByRole('heading', { name: 'Record' })).toBeVisible();
  const values = page.getByRole('table', { name: 'Values by source' });
  await expect(values.getByText('ADP CISA-ADP')).toBeVisible();
  await expect(values.getByText('CNA', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(page.getByTestId('lock-banner')).toContainText('You hold the lock');

  await decideSsvc(page);
  await expect(page.getByTestId('our-ssvc')).toContainText('Act');

  const analysis = `PHP-CGI argument injection on Windows best-fit code pages, exploited in the wild (${stamp}).`;
  await page.getByRole('button', { name: 'Write analysis' }).click();
  await page.getByLabel('Analysis (Markdown)').fill(analysis);
  await page.getByRole('button', { name: 'Save analysis' }).click();
  await expect(page.getByTestId('analysis-text')).toHaveText(analysis);
  await expectNoSeriousAxeViolations(page, 'the vulnerability page');
  await screenshots(page, 'scoring-vul');

  // The second scorer, in another browser.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInThroughPage(other, second);
  await other.goto('/cvdp/scoring?locked=1');
  await expect(other.getByRole('row', { name: KEV_CVE })).toContainText(`Locked by ${first.name}`);
  await other.goto(`/cvdp/scoring/vuls/${KEV_CVE}`);
  await expect(other.getByTestId('lock-banner')).toContainText(`Locked by ${first.name}`);
  await expect(other.getByRole('button', { name: 'Lock', exact: true })).toHaveCount(0);
  await expect(other.getByTestId('analysis-text')).toHaveText(analysis);
  await expect(other.getByTestId('our-ssvc')).toContainText('Act');
  await expect(other.getByRole('button', { name: /^(Decide with SSVC|Change SSVC decision)$/ })).toHaveCount(
    0,
  );
  await otherContext.close();
});

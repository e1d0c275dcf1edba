// The CWE picker of the report form in a real browser, against the real server and its bundled MITRE
// catalogue: typeahead search and pick, the 'Search CWEs' modal with badges, children and Load More,
// and the 5-CWE limit shown to the user.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { servers } from './support/servers.ts';
import { createAccount, signInThroughPage } from './support/accounts.ts';

/** The typeahead of the first vulnerability, found through its label. */
const cweInput = (page: Page) => page.getByLabel('Problem types (CWE)').first();
const tokens = (page: Page) => page.locator('.rbt-token .rbt-token-label');

async function pickFromTypeahead(page: Page, term: string, option: RegExp) {
  await cweInput(page).fill(term);
  await page.getByRole('option', { name: option }).click();
}

async function modalRow(dialog: Locator, cwe: string) {
  // `has` is matched inside each row, so the inner locator starts from the page, not the dialog.
  const cell = dialog.page().getByRole('cell', { name: cwe, exact: true });
  const row = dialog.getByRole('row').filter({ has: cell });
  await expect(row).toHaveCount(1);
  return row;
}

test.beforeEach(async ({ page }) => {
  const reporter = await createAccount(servers.main.url, ['reporter']);
  await signInThroughPage(page, reporter);
  await page.goto('/cvdp/report');
  await expect(cweInput(page)).toBeVisible();
});

test('the typeahead searches the catalogue and picks CWEs', async ({ page }) => {
  await expect(cweInput(page)).toHaveAttribute('placeholder', 'Add problem type(s)...');
  await cweInput(page).fill('x');
  // Below 2 characters the menu only prompts; nothing is searched.
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Type to search...']);
  await cweInput(page).fill('xss');
  // MITRE's alternate term 'XSS' ranks CWE-79 first.
  await expect(page.getByRole('option').first()).toHaveAccessibleName(/^CWE-79: Improper Neutralization/);
  await page.getByRole('option', { name: /^CWE-79:/ }).click();
  await expect(tokens(page)).toHaveText(['CWE-79']);

  await cweInput(page).fill('zzzz no such weakness');
  await expect(page.getByText('No matches found.')).toBeVisible();
});

test('the typeahead loads more results as its menu is scrolled', async ({ page }) => {
  // 'in' matches well over 200 entries: the first page (200) shows 100 options, scrolling shows the rest
  // and then fetches page 2.
  const pages: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/cwe/')) pages.push(new URL(r.url()).searchParams.get('page') ?? '');
  });
  await cweInput(page).fill('in');
  const menu = page.getByRole('listbox');
  await expect(menu.getByRole('option')).toHaveCount(100);
  await menu.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(menu.getByRole('option')).toHaveCount(200);
  await menu.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect.poll(() => pages).toContain('2');
  // The loaded page shows without another scroll.
  await expect.poll(() => menu.getByRole('option').count()).toBeGreaterThan(200);
});

test('the Search CWEs modal finds, explains and selects CWEs', async ({ page }) => {
  await pickFromTypeahead(page, 'xss', /^CWE-79:/);
  await page.getByRole('button', { name: 'Search CWEs' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Search CWEs' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Found 1427 CWEs')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Select CWE-79', exact: true })).toBeChecked();

  await dialog.getByLabel('Keyword').fill('injection');
  await expect(dialog.getByText(/^Found \d+ CWEs$/)).not.toHaveText('Found 1427 CWEs');
  const injection = await modalRow(dialog, 'CWE-74');
  await expect(injection.getByText('Discouraged')).toHaveClass(/bg-warning/);
  await expect(injection.getByText('NVD')).toBeVisible();
  await injection.getByRole('button', { name: /^Show \d+ child(ren)?$/ }).click();
  await injection
    .getByLabel(/^CWE-89: Improper Neutralization of Special Elements used in an SQL Command/)
    .check();

  await dialog.getByLabel('Keyword').fill('CWE-20');
  const validation = await modalRow(dialog, 'CWE-20');
  await expect(validation.getByText('Discouraged')).toBeVisible();
  await dialog.getByLabel('Keyword').fill('1003');
  const view = await modalRow(dialog, 'CWE-1003');
  await expect(view.getByText('Prohibited')).toHaveClass(/bg-danger/);
  await expect(view.getByText('No children')).toBeVisible();

  const selected = dialog.getByRole('region', { name: 'Selected CWEs' });
  await expect(selected.getByRole('listitem')).toHaveText(['CWE-79', 'CWE-89']);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(tokens(page)).toHaveText(['CWE-79', 'CWE-89']);
});

test('Load More appends the next 100 CWEs', async ({ page }) => {
  await page.getByRole('button', { name: 'Search CWEs' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Search CWEs' });
  await expect(dialog.getByRole('row')).toHaveCount(101);
  await dialog.getByRole('button', { name: 'Load More' }).click();
  await expect(dialog.getByRole('row')).toHaveCount(201);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a sixth CWE is refused with a visible message, in the typeahead and in the modal', async ({ page }) => {
  for (const [term, option] of [
    ['79', /^CWE-79:/],
    ['89', /^CWE-89:/],
    ['787', /^CWE-787:/],
    ['352', /^CWE-352:/],
    ['22', /^CWE-22:/],
  ] as const) {
    await pickFromTypeahead(page, term, option);
  }
  await expect(tokens(page)).toHaveCount(5);
  await pickFromTypeahead(page, '78', /^CWE-78:/);
  await expect(page.getByText('Max limit of 5 CWEs')).toBeVisible();
  await expect(tokens(page)).toHaveCount(5);

  await page.getByRole('button', { name: 'Search CWEs' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Search CWEs' });
  await dialog.getByLabel('Keyword').fill('CWE-78');
  await dialog.getByRole('checkbox', { name: 'Select CWE-78', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Max limit of 5 CWEs');
  await expect(dialog.getByRole('checkbox', { name: 'Select CWE-78', exact: true })).not.toBeChecked();
  await expect(dialog.getByRole('region', { name: 'Selected CWEs' }).getByRole('listitem')).toHaveCount(5);
});

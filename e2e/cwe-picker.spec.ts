// The CWE picker of the report form in a real browser, against the real server and its bundled MITRE
// catalogue: typeahead search and pick, the 'Search CWEs' modal with badges, children and Load More,
// MITRE's rules (retired entries hidden, Prohibited ones refused, Discouraged ones asked about), and the
// 5-CWE limit shown to the user where they look.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { servers } from './support/servers.ts';
import { createAccount, signInThroughPage } from './support/accounts.ts';
import { expectNoSeriousAxeViolations } from './support/checks.ts';

/** The bundled CWE 4.15 holds 1427 entries, 64 Deprecated and 96 Obsolete; the picker hides those 160. */
const CURRENT_CWES = 1427 - 160;

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
  await expect(dialog.getByText(`Found ${CURRENT_CWES} CWEs`)).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Select CWE-79', exact: true })).toBeChecked();

  await dialog.getByLabel('Keyword').fill('injection');
  await expect(dialog.getByText(/^Found \d+ CWEs$/)).not.toHaveText(`Found ${CURRENT_CWES} CWEs`);
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
  // Discouraged: MITRE's note first, then the reporter's choice.
  await validation.getByRole('checkbox', { name: 'Select CWE-20', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Use CWE-20 although MITRE discourages it?' });
  await expect(ask).toContainText('CWE-20 is commonly misused');
  await expectNoSeriousAxeViolations(page, 'the Discouraged question', { include: '.modal' });
  await ask.getByRole('button', { name: 'Use CWE-20' }).click();
  await expect(ask).toBeHidden();
  await expect(validation.getByRole('checkbox', { name: 'Select CWE-20', exact: true })).toBeChecked();

  await dialog.getByLabel('Keyword').fill('1003');
  const view = await modalRow(dialog, 'CWE-1003');
  await expect(view.getByText('Prohibited')).toHaveClass(/bg-danger/);
  await expect(view.getByText('No children')).toBeVisible();
  // Prohibited: never ticked, and the reason is on screen and read with the checkbox.
  const viewBox = view.getByRole('checkbox', { name: 'Select CWE-1003', exact: true });
  await expect(viewBox).toBeDisabled();
  await expect(viewBox).toHaveAccessibleDescription(/^Cannot be selected: This entry is a View\./);
  await expectNoSeriousAxeViolations(page, 'the Search CWEs modal', { include: '.modal' });

  const selected = dialog.getByRole('region', { name: 'Selected CWEs' });
  await expect(selected.getByRole('listitem')).toHaveText(['CWE-79', 'CWE-89', 'CWE-20']);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(tokens(page)).toHaveText(['CWE-79', 'CWE-89', 'CWE-20']);
  // Each token's remove button says which CWE it removes.
  await page.getByRole('button', { name: 'Remove CWE-89' }).click();
  await expect(tokens(page)).toHaveText(['CWE-79', 'CWE-20']);
});

test("retired entries are hidden until 'Show deprecated', in the modal and the typeahead", async ({
  page,
}) => {
  await cweInput(page).fill('CWE-1');
  await expect(page.getByRole('option').first()).toHaveAccessibleName(/^CWE-1\d+:/);
  await expect(page.getByRole('option', { name: /^CWE-1:/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Search CWEs' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Search CWEs' });
  await expect(dialog.getByText(`Found ${CURRENT_CWES} CWEs`)).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Show deprecated' }).check();
  await expect(dialog.getByText('Found 1427 CWEs')).toBeVisible();
  const location = await modalRow(dialog, 'CWE-1');
  await expect(location.getByText('Deprecated', { exact: true })).toBeVisible();
  await expect(location.getByRole('checkbox', { name: 'Select CWE-1', exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The field's typeahead follows the choice: CWE-1 is listed, and cannot be chosen.
  await cweInput(page).fill('CWE-1');
  const retired = page.getByRole('option', { name: /^CWE-1: DEPRECATED: Location\. Cannot be selected/ });
  await expect(retired).toHaveAttribute('aria-disabled', 'true');
  await expectNoSeriousAxeViolations(page, 'the typeahead menu with a Prohibited entry', {
    include: '.rbt-menu',
  });
  await retired.click({ force: true });
  await expect(tokens(page)).toHaveCount(0);
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

  // Further down the table the refusal and the selection are still in view (they sit above the table).
  await dialog.getByLabel('Keyword').fill('');
  await expect(dialog.getByText(`Found ${CURRENT_CWES} CWEs`)).toBeVisible();
  const far = dialog.getByRole('checkbox', { name: 'Select CWE-98', exact: true });
  await far.scrollIntoViewIfNeeded();
  await far.click();
  await expect(dialog.getByRole('alert')).toBeInViewport();
  await expect(dialog.getByRole('region', { name: 'Selected CWEs' })).toBeInViewport();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each row of the modal keeps its checkbox and its CWE id on screen', async ({ page }) => {
    await page.getByRole('button', { name: 'Search CWEs' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Search CWEs' });
    await dialog.getByLabel('Keyword').fill('CWE-79');
    // (At this width a cell's name starts with its column label, so the row is found by its checkbox.)
    const box = dialog.getByRole('checkbox', { name: 'Select CWE-79', exact: true });
    const xss = dialog
      .getByRole('row')
      .filter({ has: page.getByRole('checkbox', { name: 'Select CWE-79', exact: true }) });
    await expect(box).toBeInViewport();
    await expect(xss.getByRole('cell').nth(1)).toHaveText('CWE-79');
    await expect(xss.getByRole('cell').nth(1)).toBeInViewport();
    // Nothing sticks out sideways: the stacked rows fit the modal's width.
    const body = dialog.locator('.modal-body');
    expect(await body.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await box.check();
    await expect(dialog.getByRole('region', { name: 'Selected CWEs' }).getByRole('listitem')).toHaveText([
      'CWE-79',
    ]);
  });
});

// The administration catalogue as an administrator keeps it, reached through the navbar's Administration
// menu: a tag, a resolution, a vulnerability attribute and a connection added, edited and deleted; a tag on
// a case is renamed on it and deleted from it, the dialog saying how many cases carry it. The attribute is a
// field of the vulnerability form: a value set on a vulnerability is shown on it, and the attribute cannot
// be deleted until it is cleared. Each page is checked with axe and photographed at 1280 and 390 px
// (test-results/admin-catalogue-*.png).
import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from './support/servers.ts';
import { signInThroughPage } from './support/accounts.ts';
import { csrfOf, submitReport } from './support/cases.ts';
import { openAdministration } from './support/navigation.ts';
import { expectNoSeriousAxeViolations, pageWidth, screenshots } from './support/checks.ts';

const dialog = (page: Page) => page.getByRole('dialog');

test('the Administration menu: every admin screen, by keyboard, and in the collapsed navbar', async ({
  page,
}) => {
  await signInThroughPage(page, ADMIN);
  const nav = page.getByRole('navigation');
  // Admin screens are not links of their own in the bar.
  await expect(nav.getByRole('link', { name: 'Pending users' })).toBeHidden();
  const menu = nav.getByRole('button', { name: 'Administration' });
  await menu.focus();
  await page.keyboard.press('Enter');
  for (const label of [
    'Pending users',
    'Users',
    'CSAF profiles',
    'Resolutions',
    'Tags',
    'Vulnerability attributes',
    'Connections',
  ])
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Tags', exact: true })).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await openAdministration(page, 'Tags');
  await expect(page).toHaveTitle('Tags · CVDP');
  await expect(nav.getByRole('button', { name: 'Administration' })).toBeHidden(); // the bar closed again
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await nav.getByRole('button', { name: 'Administration' }).click();
  await expect(nav.getByRole('link', { name: 'Tags', exact: true })).toHaveClass(/active/);
  await page.screenshot({ path: 'test-results/admin-catalogue-menu-390.png', fullPage: true });
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
});

test('an administrator keeps tags, resolutions, attributes and connections from the screens', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  await signInThroughPage(page, ADMIN);

  // --- Tags: one table per kind, each tag with how many carry it. -----------------------------------
  await openAdministration(page, 'Tags');
  await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible();
  const caseTags = page.getByRole('table', { name: 'Case tags' });
  const vulTags = page.getByRole('table', { name: 'Vulnerability tags' });
  await expect(vulTags).toContainText('No data ...');
  await expectNoSeriousAxeViolations(page, 'Tags (empty)');
  await screenshots(page, 'admin-catalogue-tags-empty');

  const tag = `ICS ${stamp}`;
  await page.getByRole('button', { name: 'Add case tag' }).click();
  await dialog(page).getByRole('textbox', { name: 'Name' }).fill(tag);
  await dialog(page).getByRole('textbox', { name: 'Description' }).fill('Industrial control systems');
  await dialog(page).getByRole('button', { name: 'Add tag' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(caseTags.getByRole('row', { name: new RegExp(tag) })).toContainText('Industrial control');

  // A duplicate name is refused under the field, nothing typed lost.
  await page.getByRole('button', { name: 'Add case tag' }).click();
  await dialog(page).getByRole('textbox', { name: 'Name' }).fill(tag.toLowerCase());
  await dialog(page).getByRole('button', { name: 'Add tag' }).click();
  await expect(dialog(page)).toContainText('A tag with this name already exists for this kind.');
  await expect(dialog(page).getByRole('textbox', { name: 'Name' })).toHaveValue(tag.toLowerCase());
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();

  // The tag goes on a case (as a coordinator would put it), then is renamed: the case follows.
  const caseId = await submitReport(page, `Tagged case ${stamp}`);
  const put = await page.request.patch(`/api/cases/${caseId}/`, {
    data: { tags: [tag] },
    headers: { 'X-CSRFToken': await csrfOf(page) },
  });
  expect(put.status(), await put.text()).toBe(200);
  await page.reload();
  await expect(caseTags.getByRole('row', { name: new RegExp(tag) })).toContainText('1 case');
  const renamed = `${tag} renamed`;
  // By keyboard: Enter on Edit, Enter in the field saves.
  await caseTags.getByRole('button', { name: `Edit case tag ${tag}` }).press('Enter');
  await dialog(page).getByRole('textbox', { name: 'Name' }).fill(renamed);
  await expectNoSeriousAxeViolations(page, 'Tag edit dialog');
  await dialog(page).getByRole('textbox', { name: 'Name' }).press('Enter');
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'renamed' })).toHaveText(
    `Tag “${tag}” renamed to “${renamed}” on 1 case.`,
  );
  await expect(caseTags.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();
  await page.goto(`/cvdp/cases/${caseId}`);
  await expect(page.getByLabel('Tags', { exact: true })).toHaveText(renamed);

  // Deleting says how many cases carry it and takes it off them.
  await openAdministration(page, 'Tags');
  await caseTags.getByRole('button', { name: `Delete case tag ${renamed}` }).click();
  await expect(dialog(page)).toContainText(`Delete the tag “${renamed}”?`);
  await expect(dialog(page)).toContainText('It is removed from 1 case and from the catalogue.');
  await expectNoSeriousAxeViolations(page, 'Tag delete dialog');
  await page.screenshot({ path: 'test-results/admin-catalogue-tag-delete-1280.png', fullPage: true });
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'deleted' })).toHaveText(
    `Tag “${renamed}” deleted; it was removed from 1 case.`,
  );
  await expect(caseTags.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
  expect(
    ((await (await page.request.get(`/api/cases/${caseId}/`)).json()) as { tags: string[] }).tags,
  ).toEqual([]);
  await page.getByRole('button', { name: 'Add vulnerability tag' }).click();
  await dialog(page).getByRole('textbox', { name: 'Name' }).fill(`Memory safety ${stamp}`);
  await dialog(page).getByRole('button', { name: 'Add tag' }).click();
  await expect(vulTags.getByRole('row', { name: new RegExp(`Memory safety ${stamp}`) })).toBeVisible();
  await screenshots(page, 'admin-catalogue-tags');

  // --- Resolutions -----------------------------------------------------------------------------------
  await openAdministration(page, 'Resolutions');
  await expect(page.getByRole('heading', { name: 'Resolutions', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Not a vulnerability/ })).toBeVisible();
  const resolution = `Won't fix ${stamp}`;
  await page.getByRole('button', { name: 'Add resolution' }).click();
  await dialog(page).getByRole('button', { name: 'Add resolution' }).click();
  await expect(dialog(page)).toContainText('This field is required.');
  await dialog(page).getByRole('textbox', { name: 'Name' }).fill(resolution);
  await dialog(page).getByRole('button', { name: 'Add resolution' }).click();
  await expect(dialog(page)).toBeHidden();
  await page.getByRole('button', { name: `Edit ${resolution}` }).click();
  await dialog(page).getByRole('textbox', { name: 'Description' }).fill('The vendor declined to fix it.');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: new RegExp(resolution) })).toContainText('vendor declined');
  await expectNoSeriousAxeViolations(page, 'Resolutions');
  await screenshots(page, 'admin-catalogue-resolutions');
  await page.getByRole('button', { name: `Delete ${resolution}` }).click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(resolution) })).toHaveCount(0);

  // --- Vulnerability attributes ---------------------------------------------------------------------
  await openAdministration(page, 'Vulnerability attributes');
  await expect(page.getByRole('heading', { name: 'Vulnerability attributes', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('No data ...');
  await screenshots(page, 'admin-catalogue-attributes-empty');
  const attribute = `Exploited ${stamp}`;
  await page.getByRole('button', { name: 'Add attribute' }).click();
  await dialog(page).getByRole('textbox', { name: 'Name' }).fill(attribute);
  await dialog(page).getByRole('combobox', { name: 'Type' }).selectOption('choice');
  await dialog(page).getByRole('button', { name: 'Add attribute' }).click();
  await expect(dialog(page)).toContainText('A choice attribute needs at least one choice.');
  await dialog(page).getByRole('textbox', { name: 'Choices' }).fill('Yes\nNo\n\n');
  await dialog(page).getByRole('checkbox', { name: 'Required' }).check();
  await dialog(page).getByRole('button', { name: 'Add attribute' }).click();
  await expect(dialog(page)).toBeHidden();
  const attrRow = page.getByRole('row', { name: new RegExp(attribute) });
  await expect(attrRow).toContainText('Choice');
  await expect(attrRow).toContainText('YesNo');
  await expect(attrRow).toContainText('Yes');
  await page.getByRole('button', { name: `Edit ${attribute}` }).click();
  await expect(dialog(page).getByRole('textbox', { name: 'Choices' })).toHaveValue('Yes\nNo');
  await dialog(page).getByRole('combobox', { name: 'Type' }).selectOption('date');
  await expect(dialog(page).getByRole('textbox', { name: 'Choices' })).toBeHidden();
  // Not required any more: other browser tests running meanwhile create vulnerabilities without it.
  await dialog(page).getByRole('checkbox', { name: 'Required' }).click();
  await expect(dialog(page).getByRole('checkbox', { name: 'Required' })).not.toBeChecked();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(attrRow).toContainText('Date');
  await expect(attrRow).not.toContainText('YesNo');
  await expectNoSeriousAxeViolations(page, 'Vulnerability attributes');
  await screenshots(page, 'admin-catalogue-attributes');

  // The attribute is a date field of the vulnerability form; its value is shown on the vulnerability.
  const vulCase = await submitReport(page, `Attribute case ${stamp}`);
  await page.goto(`/cvdp/cases/${vulCase}/vulnerabilities`);
  await page.getByRole('button', { name: 'New vulnerability' }).click();
  await dialog(page)
    .getByRole('textbox', { name: /Description/ })
    .fill('The firmware accepts unsigned images.');
  const dateField = dialog(page).getByLabel(attribute);
  await expect(dateField).toHaveAttribute('type', 'date');
  await dateField.fill('2026-03-14');
  await expectNoSeriousAxeViolations(page, 'Vulnerability form with an attribute');
  await page.screenshot({ path: 'test-results/admin-catalogue-attribute-field-1280.png', fullPage: true });
  await dialog(page).getByRole('button', { name: 'Create vulnerability' }).click();
  await expect(dialog(page)).toBeHidden();
  const shownValue = page.getByRole('definition').filter({ hasText: '2026-03-14' });
  await expect(shownValue).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: attribute })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'Vulnerability with an attribute value');
  await screenshots(page, 'admin-catalogue-attribute-on-vulnerability');
  const vulUrl = page.url();

  // While a vulnerability holds a value the attribute stays, and the dialog says why.
  await openAdministration(page, 'Vulnerability attributes');
  await page.getByRole('button', { name: `Delete ${attribute}` }).click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText(
    'This attribute has a value on 1 vulnerability and cannot be deleted; clear those values first.',
  );
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();

  // Emptied in the vulnerability's form, the value goes; then the attribute can be deleted.
  await page.goto(vulUrl);
  await page.getByRole('button', { name: /^Edit vulnerability / }).click();
  await expect(dialog(page).getByLabel(attribute)).toHaveValue('2026-03-14');
  await dialog(page).getByLabel(attribute).fill('');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('term').filter({ hasText: attribute })).toHaveCount(0);
  await openAdministration(page, 'Vulnerability attributes');
  await page.getByRole('button', { name: `Delete ${attribute}` }).click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('table')).toContainText('No data ...');

  // --- Connections ----------------------------------------------------------------------------------
  await openAdministration(page, 'Connections');
  await expect(page.getByRole('heading', { name: 'Connections', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('No data ...');
  await expectNoSeriousAxeViolations(page, 'Connections (empty)');
  await screenshots(page, 'admin-catalogue-connections-empty');
  const connection = `Sector CERT ${stamp}`;
  // This instance connected to itself: the token we present is the one it accepts.
  const token = `e2e-connection-token-${stamp}`;
  await page.getByRole('button', { name: 'Add connection' }).click();
  await dialog(page).getByRole('textbox', { name: 'Name' }).fill(connection);
  await dialog(page).getByRole('textbox', { name: 'Base URL' }).fill('not a url');
  await dialog(page).getByLabel('Outgoing token').fill(token);
  await dialog(page).getByLabel('Incoming token').fill('short');
  await dialog(page).getByRole('button', { name: 'Add connection' }).click();
  await expect(dialog(page)).toContainText('Enter an http(s) URL.');
  await expect(dialog(page)).toContainText('incoming_token is at least 20 characters.');
  await dialog(page).getByRole('textbox', { name: 'Base URL' }).fill(new URL(page.url()).origin);
  await dialog(page).getByLabel('Incoming token').fill(token);
  await expectNoSeriousAxeViolations(page, 'Connection dialog');
  await dialog(page).getByRole('button', { name: 'Add connection' }).click();
  await expect(dialog(page)).toBeHidden();
  const connRow = page.getByRole('row', { name: new RegExp(connection) });
  await expect(connRow).toContainText('Tokens set');
  await expect(connRow).toContainText('Never');
  // The tokens are never shown back.
  await expect(page.locator('body')).not.toContainText(token);
  await page.getByRole('button', { name: `Edit ${connection}` }).click();
  await expect(dialog(page).getByLabel('Replace outgoing token')).toHaveValue('');
  await expect(dialog(page)).toContainText('A token is set.');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Test connection ${connection}` }).click();
  const result = page.getByRole('status').filter({ hasText: connection });
  await expect(result).toBeVisible({ timeout: 20_000 });
  await screenshots(page, 'admin-catalogue-connections');

  // click, not uncheck(): the switch is controlled and moves when the optimistic update renders, which
  // uncheck() does not wait for; the assertion below does.
  await page.getByRole('checkbox', { name: `Enabled: ${connection}` }).click();
  await expect(page.getByRole('checkbox', { name: `Enabled: ${connection}` })).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: `Enabled: ${connection}` })).not.toBeChecked();

  await page.getByRole('button', { name: `Delete ${connection}` }).click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('table')).toContainText('No data ...');
});

// Email templates and the audit log as an administrator uses them, reached through the Administration menu:
// the templates list searched and filtered ('No data ...' when nothing matches); the status-change template
// edited beside its live preview (an unknown variable shown under the body as it is typed, the preview
// following the text); the template in use refused on delete with the server's reason; a message template
// added and deleted; then the audit log filtered to email templates shows the edit, before → after. Axe clean,
// screenshots at 1280 and 390 px (test-results/admin-templates-*.png).
import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from './support/servers.ts';
import { signInThroughPage } from './support/accounts.ts';
import { openAdministration } from './support/navigation.ts';
import { expectNoSeriousAxeViolations, screenshots } from './support/checks.ts';

const dialog = (page: Page) => page.getByRole('dialog');

test('an administrator edits a notification template with its preview and finds the edit in the audit log', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  await signInThroughPage(page, ADMIN);
  await openAdministration(page, 'Email templates');
  await expect(page).toHaveTitle('Email templates · CVDP');
  await expect(page.getByRole('heading', { level: 1, name: 'Email templates' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Email templates' });
  const statusRow = table.getByRole('row').filter({ hasText: 'notify status changed' });
  await expect(statusRow).toContainText('In use');
  await expect(statusRow).toContainText('Status changed');
  await expectNoSeriousAxeViolations(page, 'templates list');
  await screenshots(page, 'admin-templates-list');

  // Search and the type filter; nothing matching shows 'No data ...'.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(`nothing like this ${stamp}`);
  await expect(table.getByRole('cell', { name: 'No data ...' })).toBeVisible();
  await search.fill('status');
  await expect(table.getByRole('row')).toHaveCount(2);
  await search.fill('');
  await page.getByLabel('Type').selectOption({ label: 'Message' });
  await expect(table.getByRole('cell', { name: 'No data ...' })).toBeVisible();
  await page.getByLabel('Type').selectOption({ label: 'Notification' });
  await expect(statusRow).toBeVisible();

  // Edit the status-change template: the preview follows the text; an unknown variable is named under the body.
  await statusRow.getByRole('button', { name: 'Edit notify status changed' }).click();
  const edit = dialog(page);
  await expect(
    edit.getByRole('heading', { name: 'Edit email template notify status changed' }),
  ).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Insert {{reason}}' })).toBeVisible();
  await expect(edit.getByTestId('preview-subject')).toContainText(
    '[CVDP] Case #123 is now Active: Buffer overflow in Example Router firmware',
  );
  const subject = `Case {{case_id}} is {{status}} (${stamp})`;
  await edit.getByLabel('Subject').fill(subject);
  const body = edit.getByLabel('Body');
  await body.fill('Hello {{recipient_name}}, {{secret_key}} — ');
  await expect(
    edit.getByText(/^Unknown variable \{\{secret_key\}\}: a Status changed template may use/),
  ).toBeVisible();
  await body.fill('Hello {{recipient_name}},\n\n{{actor_name}} set case #{{case_id}} to ');
  await edit.getByRole('button', { name: 'Insert {{status}}' }).click();
  await expect(body).toHaveValue(/to \{\{status\}\}$/);
  await expect(edit.getByTestId('preview-subject')).toHaveText(`Case 123 is Active (${stamp})`);
  await expect(edit.getByTestId('preview-body')).toHaveText(
    'Hello Ada Lovelace,\n\nGrace Hopper set case #123 to Active',
  );
  await expect(edit.getByText(/Unknown variable/)).toBeHidden();
  await expectNoSeriousAxeViolations(page, 'template dialog');
  await screenshots(page, 'admin-templates-edit');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(statusRow).toContainText(`Case {{case_id}} is {{status}} (${stamp})`);

  // The template in use cannot be deleted: the dialog shows why and stays open.
  await statusRow.getByRole('button', { name: 'Delete notify status changed' }).click();
  const confirm = dialog(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(
    'This template is in use: "Status changed" notification emails are sent with it. Edit it instead of deleting it.',
  );
  await expectNoSeriousAxeViolations(page, 'delete refused');
  await screenshots(page, 'admin-templates-delete-refused');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(statusRow).toBeVisible();

  // A message template is added (a duplicate name refused under the field) and deleted.
  await page.getByLabel('Type').selectOption({ label: 'All types' });
  await page.getByRole('button', { name: 'New template' }).click();
  const create = dialog(page);
  await create.getByRole('textbox', { name: 'Name' }).fill('notify new post');
  await create.getByLabel('Kind').selectOption({ label: 'Case notice' });
  await create.getByLabel('Subject').fill('Reminder: case #{{case_id}}');
  await create.getByLabel('Body').fill('Hello {{recipient_name}}, please answer in {{case_link}}.');
  await create.getByRole('button', { name: 'Add template' }).click();
  await expect(create.getByText('A template with this name already exists.')).toBeVisible();
  await create.getByRole('textbox', { name: 'Name' }).fill(`Vendor reminder ${stamp}`);
  await create.getByRole('button', { name: 'Add template' }).click();
  await expect(create).toBeHidden();
  const reminderRow = table.getByRole('row').filter({ hasText: `Vendor reminder ${stamp}` });
  await expect(reminderRow).toContainText('Message');
  await reminderRow.getByRole('button', { name: `Delete Vendor reminder ${stamp}` }).click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expect(reminderRow).toBeHidden();

  // The audit log: filtered to email templates, the edit with its subject before → after.
  await openAdministration(page, 'Audit log');
  await expect(page).toHaveTitle('Audit log · CVDP');
  await page.getByLabel('Object type').selectOption({ label: 'Email template' });
  await expect(page).toHaveURL(/object_type=email_template/);
  const log = page.getByRole('table', { name: 'Audit log' });
  const changed = log.getByRole('row').filter({ hasText: 'changed email template' });
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText('before [CVDP] Case #{{case_id}} is now {{status}}: {{case_title}}');
  await expect(changed).toContainText(`after Case {{case_id}} is {{status}} (${stamp})`);
  await expect(log.getByRole('row').filter({ hasText: 'added email template' })).toContainText(
    `Vendor reminder ${stamp}`,
  );
  await expect(log.getByRole('row').filter({ hasText: 'removed email template' })).toHaveCount(1);
  // A click on the actor keeps only their changes; a date range with nothing in it shows 'No data ...'.
  await changed
    .getByTitle(/^Show only changes by /)
    .filter({ visible: true })
    .click();
  await expect(page).toHaveURL(/actor=\d+/);
  await expect(page.getByRole('button', { name: 'Any actor' })).toBeVisible();
  await expect(changed).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'audit log');
  await screenshots(page, 'admin-templates-audit');
  await page.getByLabel('From', { exact: true }).fill('2001-01-01');
  await page.getByLabel('To', { exact: true }).fill('2001-01-31');
  await expect(log.getByRole('cell', { name: 'No data ...' })).toBeVisible();
});

// CSAF end to end (issue 12): in a case's Advisory tab a coordinator sets the case's CSAF settings (a tracking
// id pattern the form refuses under the field, a CPE override the server refuses under its field, then
// valid settings the exported document follows), imports a CSAF file the validator refuses (its failed tests
// listed, nothing stored) and one it accepts (the new revision shown); an administrator edits a CSAF profile
// in its dialog (a bad namespace refused under the field) and deletes another after confirming. Axe clean,
// screenshots at 1280 and 390 px.
import { expect, test } from '@playwright/test';
import {
  CSAF_NAMESPACE_MESSAGE,
  CSAF_PATTERN_MESSAGE,
  CSAF_UPLOAD_INVALID,
  type VendorStatusGrid,
} from '@cvdp/core';
import { ADMIN, servers } from './support/servers.ts';
import { createAccount, signInThroughPage } from './support/accounts.ts';
import { activateWithVendors, csrfOf, submitReport, vendorGroupWithMember } from './support/cases.ts';
import { openAdministration } from './support/navigation.ts';
import { CSAF_FIRST_USE, expectNoSeriousAxeViolations, screenshots } from './support/checks.ts';

test('a coordinator sets the CSAF settings and imports CSAF files: one refused with reasons, one accepted', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const groupName = `Sprocket PSIRT ${stamp}`;
  const [reporter, coordinator] = await Promise.all([
    createAccount(servers.main.url, ['reporter']),
    createAccount(servers.main.url, ['coordinator'], `Cass Coordinator ${stamp}`),
  ]);
  await vendorGroupWithMember(groupName, `Vic Vendor ${stamp}`);

  await signInThroughPage(page, reporter);
  const caseId = await submitReport(page, `A flaw in Sprocket ${stamp}`, [
    { description: 'The upload handler writes outside its folder.', cwes: ['CWE-22'] },
  ]);

  const coordContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const coord = await coordContext.newPage();
  await signInThroughPage(coord, coordinator);
  await activateWithVendors(coord, caseId, [groupName]);
  const headers = { 'X-CSRFToken': await csrfOf(coord) };
  const made = await coord.request.post(`/api/case/${caseId}/vuls/from-report/`, { data: {}, headers });
  expect(made.status(), await made.text()).toBeLessThan(300);
  const grid = (await (
    await coord.request.get(`/api/case/${caseId}/vendors/status/`)
  ).json()) as VendorStatusGrid;
  const vendorParticipant = grid.vendors[0].participant;
  const set = await coord.request.post(`/api/case/${caseId}/vendors/status/`, {
    data: {
      vul: grid.vuls[0].id,
      participant: vendorParticipant,
      product: 'Sprocket',
      status: 'affected',
      affected_versions: '1.2',
      fixed_versions: '1.3',
    },
    headers,
  });
  expect(set.status(), await set.text()).toBeLessThan(300);

  // The Advisory tab: no advisory yet, but the import and the settings are there for staff.
  await coord.goto(`/cvdp/cases/${caseId}/advisory`);
  await expect(coord.getByText('No advisory yet.')).toBeVisible();
  const settings = coord.getByRole('region', { name: 'CSAF settings' });
  await expect(settings).toContainText(`VU#${caseId}`);
  await expect(settings).toContainText('None: this CVDP instance publishes');

  // The settings: a pattern the form refuses under its field, a CPE the server refuses under its field.
  await settings.getByRole('button', { name: 'Edit CSAF settings' }).click();
  const form = coord.getByRole('form', { name: 'CSAF settings' });
  const pattern = form.getByLabel('Tracking id pattern');
  await pattern.fill('SPR {case}');
  await form.getByRole('button', { name: 'Save CSAF settings' }).click();
  await expect(form.getByText(CSAF_PATTERN_MESSAGE)).toBeVisible();
  await pattern.fill('SPR-{year}-{case}');
  await expect(form.getByText(`This case: SPR-${new Date().getUTCFullYear()}-${caseId}`)).toBeVisible();
  await form.getByLabel('TLP').selectOption('GREEN');
  const vendorBox = form.getByRole('group', { name: groupName });
  await vendorBox.getByLabel('Vendor name').fill('Sprocket Inc.');
  await vendorBox.getByLabel('CPE 2.3').fill('cpe:2.3:not-a-cpe');
  await form.getByRole('button', { name: 'Save CSAF settings' }).click();
  await expect(vendorBox.locator('[data-field-error]')).toBeVisible();
  await expect(form.getByRole('alert')).toContainText('see the messages under the fields');
  // Nothing typed is lost.
  await expect(pattern).toHaveValue('SPR-{year}-{case}');
  await expect(vendorBox.getByLabel('Vendor name')).toHaveValue('Sprocket Inc.');
  await expectNoSeriousAxeViolations(coord, 'CSAF settings form with errors');
  await screenshots(coord, 'csaf-settings-errors');
  await vendorBox.getByLabel('CPE 2.3').fill('cpe:2.3:a:sprocket:sprocket:*:*:*:*:*:*:*:*');
  await form.getByRole('button', { name: 'Save CSAF settings' }).click();
  // Saving validates a document: the first CSAF validation of a server process compiles the validator's
  // schemas (csaf/validate.ts), seconds longer while the other worker's test runs.
  await expect(settings.getByRole('status')).toHaveText('CSAF settings saved.', { timeout: CSAF_FIRST_USE });
  const trackingId = `SPR-${new Date().getUTCFullYear()}-${caseId}`;
  await expect(settings).toContainText(trackingId);
  await expect(settings).toContainText('GREEN');

  // A file the validator refuses: its failures are listed and nothing is stored.
  const upload = coord.getByRole('form', { name: 'Import a CSAF file' });
  const file = upload.getByLabel('CSAF JSON file (2.0 or 2.1)');
  const broken = {
    document: {
      category: 'csaf_security_advisory',
      csaf_version: '2.0',
      title: 'Incomplete',
      lang: 'en',
    },
  };
  await file.setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(broken)),
  });
  await upload.getByRole('button', { name: 'Upload CSAF' }).click();
  const refusal = coord.getByRole('alert').filter({ hasText: CSAF_UPLOAD_INVALID });
  await expect(refusal).toBeVisible();
  await expect(refusal.getByRole('listitem').first()).toContainText('schema');
  await expect(coord.getByText('No advisory yet.')).toBeVisible();

  // A valid file: the case's own export (after a first revision), retitled, becomes revision 2.
  const saved = await coord.request.post(`/api/case/${caseId}/advisory/`, {
    data: {
      title: `Sprocket path traversal ${stamp}`,
      summary: 'Uploads can be written anywhere.',
      content: 'The upload handler does not canonicalise paths.',
      solution: 'Upgrade to 1.3.',
    },
    headers,
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const exported = await coord.request.get(`/api/case/${caseId}/advisory/csaf/`);
  expect(exported.status(), await exported.text()).toBe(200);
  const doc = (await exported.json()) as {
    document: { title: string; tracking: { id: string }; distribution: { tlp: { label: string } } };
    product_tree: { branches: { name: string }[] };
  };
  // The export follows the settings.
  expect(doc.document.tracking.id).toBe(trackingId);
  expect(doc.document.distribution.tlp.label).toBe('GREEN');
  expect(doc.product_tree.branches[0].name).toBe('Sprocket Inc.');
  doc.document.title = `Imported Sprocket advisory ${stamp}`;
  await coord.reload();
  await file.setInputFiles({
    name: 'sprocket-advisory.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(doc, null, 2)),
  });
  await upload.getByRole('button', { name: 'Upload CSAF' }).click();
  await expect(coord.getByRole('status').filter({ hasText: 'was imported' })).toHaveText(
    `sprocket-advisory.json was imported as revision 2: Imported Sprocket advisory ${stamp}`,
  );
  const latest = coord.getByRole('article', { name: `Imported Sprocket advisory ${stamp}` });
  await expect(latest.getByText('Revision 2')).toBeVisible();
  await expect(latest).toContainText('Upgrade to 1.3.');
  await expectNoSeriousAxeViolations(coord, 'advisory tab after a CSAF import');
  await screenshots(coord, 'csaf-import');
  await coordContext.close();
});

test('an administrator edits a CSAF profile and deletes another', async ({ page }) => {
  const stamp = Date.now();
  await signInThroughPage(page, ADMIN);
  const headers = { 'X-CSRFToken': await csrfOf(page) };
  for (const name of [`Edited profile ${stamp}`, `Doomed profile ${stamp}`]) {
    const res = await page.request.post('/manage/csaf/profiles/', {
      data: { name, publisher_name: 'Example CERT', namespace: 'https://cert.example' },
      headers,
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await openAdministration(page, 'CSAF profiles');
  await expect(page).toHaveTitle('CSAF profiles · CVDP');

  await page.getByRole('button', { name: `Edit Edited profile ${stamp}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit CSAF profile' });
  await dialog.getByLabel('Publisher name').fill('Example CERT/CC');
  await dialog.getByLabel('Namespace').fill('no uri here');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText(CSAF_NAMESPACE_MESSAGE)).toBeVisible();
  await expect(dialog.getByLabel('Publisher name')).toHaveValue('Example CERT/CC');
  await expectNoSeriousAxeViolations(page, 'CSAF profile edit dialog');
  await screenshots(page, 'csaf-profile-edit');
  await dialog.getByLabel('Namespace').fill('https://cert-cc.example');
  await dialog.getByLabel('Default TLP').selectOption('AMBER');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(`Edited profile ${stamp}`) });
  await expect(row).toContainText('Example CERT/CC');
  await expect(row).toContainText('https://cert-cc.example');
  await expect(row).toContainText('AMBER');

  // Delete asks first; cancelling keeps the profile.
  await page.getByRole('button', { name: `Delete Doomed profile ${stamp}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete the CSAF profile Doomed profile ${stamp}?` });
  await expect(confirm).toContainText('Cases that use it are published by this CVDP instance again.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Doomed profile ${stamp}`) })).toBeVisible();
  await page.getByRole('button', { name: `Delete Doomed profile ${stamp}` }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Doomed profile ${stamp}`) })).toHaveCount(0);
  await expect(row).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'CSAF profiles after edit and delete');
  await screenshots(page, 'csaf-profiles-edited');
});

// Reaching a screen through the navbar as a person would: admin screens sit in the Administration menu
// (lib/navigation.ts `group: 'admin'`); below md the navbar is collapsed behind its toggler first.
import { expect, type Page } from '@playwright/test';

/** Opens the navbar's Administration menu and follows its entry `label` (e.g. 'Pending users'). */
export async function openAdministration(page: Page, label: string) {
  const nav = page.getByRole('navigation');
  const toggler = nav.getByRole('button', { name: 'Toggle navigation' });
  if (await toggler.isVisible()) {
    if ((await toggler.getAttribute('aria-expanded')) !== 'true') await toggler.click();
  }
  const menu = nav.getByRole('button', { name: 'Administration' });
  await expect(menu).toBeVisible();
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await nav.getByRole('link', { name: label, exact: true }).click();
}

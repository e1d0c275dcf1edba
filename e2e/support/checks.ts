// What every screen of the browser tests is checked for: axe finds no serious or critical WCAG A/AA
// violation, and the page needs no sideways scrolling at 390 px (screenshots at both widths are kept in
// test-results/ to look at).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Axe on the page (or only the part `include` selects, e.g. '.modal'). */
export async function expectNoSeriousAxeViolations(
  page: Page,
  what: string,
  options: { include?: string } = {},
) {
  let builder = new AxeBuilder({ page });
  if (options.include) builder = builder.include(options.include);
  const results = await builder.withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(serious, `${what}:\n${serious.join('\n')}`).toEqual([]);
}

/**
 * Screenshots at 1280 and 390 px (`test-results/<name>-<width>.png`), failing when the page scrolls sideways
 * at 390 px and naming what sticks out. Charts follow their container through a ResizeObserver a frame or
 * more after the viewport changes, so the width is polled for a moment before it is judged.
 */
export async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `test-results/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => pageWidth(page), { timeout: 5_000 })
    .toBeLessThanOrEqual(390)
    .catch(() => {});
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > 391 && !e.closest('.table-responsive'))
      .slice(0, 5)
      .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
  );
  expect(await pageWidth(page), `${name} at 390 px: ${wide.join(', ')}`).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `test-results/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * How long to wait for an answer that may be a server process's first CSAF validation: the validator's
 * schemas compile on first use (csaf/validate.ts), ~8.5 s for 2.1 and 2.0 on an idle machine.
 */
export const CSAF_FIRST_USE = 30_000;

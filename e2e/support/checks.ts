// What every screen of the browser tests is checked for: axe finds no serious or critical WCAG A/AA
// violation, and the page needs no sideways scrolling at 390 px (screenshots at both widths are kept in
// test-results/ to look at, except in CI).
import AxeBuilder from '@axe-core/playwright';
import { expect, type CDPSession, type Page } from '@playwright/test';

export const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const AXE_TAGS = ['wcag2a', 'wcag2aa'];
type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * Axe's WCAG A/AA rules on the page. The first run on a document injects axe (AxeBuilder, in legacy mode:
 * the default opens a blank page per call to merge each frame's results, about a second each on a busy
 * machine, and the app has no frames); later runs on the same document (after an in-app navigation, or at
 * another width) call the axe already there, which takes a tenth of that.
 */
async function runAxe(page: Page, include?: string): Promise<AxeResults> {
  const ready = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!ready) {
    let builder = new AxeBuilder({ page }).setLegacyMode();
    if (include) builder = builder.include(include);
    return builder.withTags(AXE_TAGS).analyze();
  }
  return page.evaluate(
    ([selector, tags]) =>
      (
        window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }
      ).axe.run(selector ? { include: [selector] } : document, { runOnly: { type: 'tag', values: tags } }),
    [include ?? null, AXE_TAGS] as const,
  );
}

/**
 * Axe on the page (or only the part `include` selects, e.g. '.modal'); a whole page also passes
 * expectUniqueControlNames.
 */
export async function expectNoSeriousAxeViolations(
  page: Page,
  what: string,
  options: { include?: string } = {},
) {
  const results = await runAxe(page, options.include);
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(serious, `${what}:\n${serious.join('\n')}`).toEqual([]);
  // A whole screen is also checked for control names shared by controls that do different things.
  if (!options.include) await expectUniqueControlNames(page, what);
}

/**
 * The screenshots are for a person to look at; CI keeps only its log, so there the pair (~1 s of a busy
 * machine's CPU, fifty of them a run) is not written. The 390 px check runs everywhere.
 */
const keepScreenshots = !process.env.CI;

/**
 * Screenshots at 1280 and 390 px (`test-results/<name>-<width>.png`; not in CI), failing when the page scrolls
 * sideways at 390 px and naming what sticks out. Charts follow their container through a ResizeObserver a frame or
 * more after the viewport changes, so the width is polled for a moment before it is judged.
 */
export async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  if (keepScreenshots) await page.screenshot({ path: `test-results/${name}-1280.png`, fullPage: true });
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
  if (keepScreenshots) await page.screenshot({ path: `test-results/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * How long to wait for an answer that may be a server process's first CSAF validation: the validator's
 * schemas compile on first use (csaf/validate.ts), ~8.5 s for 2.1 and 2.0 on an idle machine.
 */
export const CSAF_FIRST_USE = 30_000;

/**
 * The kinds of control a screen reader lists apart (its links list, its buttons, its form fields), by role;
 * radios are left out: "Yes" and "No" are named within their group's question.
 */
const CONTROL_KINDS: Record<string, 'link' | 'button' | 'field'> = {
  link: 'link',
  button: 'button',
  menuitem: 'button',
  tab: 'button',
  switch: 'button',
  textbox: 'field',
  searchbox: 'field',
  combobox: 'field',
  listbox: 'field',
  checkbox: 'field',
  spinbutton: 'field',
  slider: 'field',
  Date: 'field',
  DateTime: 'field',
  InputTime: 'field',
};

/** What names a field's surroundings for a screen reader. */
const CONTEXT_ROLES = new Set(['form', 'group', 'region', 'dialog', 'search']);

/** The parts a date field draws inside itself (Month, Day, Year, "Show date picker"): not the page's own. */
const DATE_ROLES = new Set(['Date', 'DateTime', 'InputTime']);

/**
 * Every control a screen reader lists (links, buttons, fields and selects: Chromium's own accessibility
 * tree, so the names are the computed ones, hidden controls left out) has a name no other control of its
 * kind with a different purpose shares: two "Remove" buttons that remove different things fail, naming the
 * name. Two links with the same name and the same address do the same thing and pass; a "Search" field,
 * its "Search" button and the menu's "Search" link are told apart by their kind, as the screen reader's
 * lists of links, buttons and fields do; a field by the form, group or region it is in.
 */
export async function expectUniqueControlNames(page: Page, what: string) {
  let cdp = await devtoolsSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree').catch(async () => {
    // The kept session ended (the page moved to another renderer): a new one, once.
    sessions.delete(page);
    cdp = await devtoolsSession(page);
    return cdp.send('Accessibility.getFullAXTree');
  });
  const byName = new Map<string, { role: string; id: number }[]>();
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const insideDateField = (n: (typeof nodes)[number]) => {
    for (let p = byId.get(n.parentId ?? ''); p; p = byId.get(p.parentId ?? ''))
      if (DATE_ROLES.has(String(p.role?.value))) return true;
    return false;
  };
  const context = (n: (typeof nodes)[number]) => {
    for (let p = byId.get(n.parentId ?? ''); p; p = byId.get(p.parentId ?? ''))
      if (CONTEXT_ROLES.has(String(p.role?.value)) && p.name?.value) return String(p.name.value);
    return '';
  };
  // While a modal dialog is open a screen reader offers only what is in it (aria-modal).
  const modals = nodes.filter(
    (n) =>
      !n.ignored &&
      ['dialog', 'alertdialog'].includes(String(n.role?.value)) &&
      n.properties?.some((p) => p.name === 'modal' && p.value.value === true),
  );
  const modal = modals.at(-1);
  const inModal = (n: (typeof nodes)[number]) => {
    for (let p = byId.get(n.parentId ?? ''); p; p = byId.get(p.parentId ?? '')) if (p === modal) return true;
    return false;
  };
  for (const n of nodes) {
    if (modal && !inModal(n)) continue;
    const role = String(n.role?.value ?? '');
    const kind = CONTROL_KINDS[role];
    const name = String(n.name?.value ?? '').trim();
    if (n.ignored || !kind || name === '' || n.backendDOMNodeId === undefined) continue;
    if (insideDateField(n)) continue;
    // A field is named within its form, group or region, as a screen reader announces it on the way in
    // (the "Vendor" of "New priority" and of "New standing assignment"); a button or link on its own.
    const key = `${kind}\u0000${kind === 'field' ? context(n) : ''}\u0000${name}`;
    byName.set(key, [...(byName.get(key) ?? []), { role, id: n.backendDOMNodeId }]);
  }
  // What each control does: a link goes to its address (read only for names shared, one call each).
  const purposes = new Map<string, string[]>();
  for (const [key, controls] of byName) {
    if (controls.length < 2) continue;
    const seen = new Set<string>();
    for (const c of controls) {
      if (c.role !== 'link') {
        seen.add(`${c.role} #${c.id}`);
        continue;
      }
      const { node } = await cdp.send('DOM.describeNode', { backendNodeId: c.id });
      const attrs = node.attributes ?? [];
      seen.add(attrs.includes('href') ? `link to ${attrs[attrs.indexOf('href') + 1]}` : `link #${c.id}`);
    }
    purposes.set(key, [...seen]);
  }
  const shared = [...purposes]
    .filter(([, does]) => does.length > 1)
    .map(([key, does]) => {
      const [, where, name] = key.split('\u0000');
      return `"${name}"${where ? ` in "${where}"` : ''} (${does.join(', ')})`;
    });
  expect(shared, `${what}: controls of one name that do different things:\n${shared.join('\n')}`).toEqual([]);
}

/**
 * One DevTools session per page, kept until the page closes. Detaching a session that read the
 * accessibility tree switched off Chromium's virtual WebAuthn authenticator that a test had set up on its
 * own session (the passkey test of second-factor.spec.ts hung at "Waiting for the passkey…").
 */
const sessions = new WeakMap<Page, Promise<CDPSession>>();
function devtoolsSession(page: Page) {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

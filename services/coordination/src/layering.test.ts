// The import rules of the coordination service (docs/architecture.md), checked on the source: domains are
// layered and a lower one never imports a higher one — so no folder imports in a cycle. Any domain may
// import any other domain's tables.ts (tables are leaves: drizzle, the kit and other tables only).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/** Lower numbers are lower layers. Folders not listed here fail the test until they are placed. */
const LAYER: Record<string, number> = {
  accounts: 0,
  cwe: 1,
  groups: 1,
  tokens: 1,
  admin: 1,
  email: 1,
  // Issue 14: the administration catalogue (tags, vulnerability attributes, the admin audit list).
  catalogue: 1,
  notifications: 2,
  // Issue 27: second factors use accounts (sign-in) and email (every enrolment, use and removal is emailed).
  'second-factors': 2,
  // Issue 29: webhooks are queued by a trigger on the activity log; the worker reuses the email backoff.
  webhooks: 2,
  policy: 3,
  cases: 4,
  participants: 5,
  assignments: 5,
  search: 5,
  activity: 5,
  metrics: 5,
  // Issue 28: the triage queue's quality signals (cases' triage filter, reports' and duplicates' tables).
  'triage-quality': 5,
  threads: 5,
  // Issue 25: the embargo of a case (cases, participants' rows, notifications); the advisory's publication uses it.
  embargo: 5,
  posts: 6,
  artifacts: 6,
  // Issue 28: held reports (limits per address range and for new accounts); intake and bulk triage use them.
  held: 6,
  reports: 7,
  live: 7,
  // Issue 28: likely duplicates and bulk triage act on reports (merge copies one) and on cases.
  duplicates: 8,
  // Issue 11: vulnerabilities sit above reports ("create from report" reads them); the vendor status grid
  // reads vulnerabilities; CSAF/VEX is built from both.
  vuls: 8,
  'vendor-status': 9,
  csaf: 10,
  // CVE accounts, reservations and records read vulnerabilities, vendor status and the advisory's state
  // (its tables only).
  cve: 11,
  // Issue 12: the advisory (revisions, approvals, public pages) sits above the CSAF builder it will serve;
  // issue 25: its publication checks and sends the CVE records.
  advisories: 12,
  // Issue 29: the CSAF trusted provider publishes the advisories' CSAF documents.
  provider: 13,
  // Issue 29: OSV records name the provider's CSAF file and keep to its "only TLP:CLEAR is public".
  osv: 14,
  // Connections to other instances reuse the CVE accounts' secret box for the token we present.
  connections: 13,
  // Transfers send a case whole (threads, vuls, advisory, files, the VEX) over a connection.
  transfers: 14,
  // The e2e test clock (CVDP_TEST_CLOCK=on): the kit and core only.
  'test-clock': 0,
};

const root = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    // Tests may reach anywhere (their helpers live outside src/, in ../testing/).
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

it('no domain imports a higher domain (tables.ts excepted), so folders cannot import in a cycle', () => {
  const wrong: string[] = [];
  for (const folder of readdirSync(root).filter((n) => statSync(path.join(root, n)).isDirectory())) {
    expect(LAYER, `place the new folder "${folder}" in LAYER`).toHaveProperty(folder);
    for (const file of sourceFiles(path.join(root, folder))) {
      const text = readFileSync(file, 'utf8');
      for (const [, spec] of text.matchAll(/from '(\.\.?\/[^']+)'/g)) {
        const target = path.relative(root, path.resolve(path.dirname(file), spec));
        const [targetFolder] = target.split(path.sep);
        if (targetFolder === folder || !(targetFolder in LAYER)) continue;
        if (path.basename(target) === 'tables.ts') continue;
        if (LAYER[targetFolder] >= LAYER[folder]) {
          wrong.push(`${path.relative(root, file)} → ${target}`);
        }
      }
    }
  }
  expect(wrong).toEqual([]);
});

it('tables.ts files import only drizzle, the kit and other tables', () => {
  for (const file of sourceFiles(root).filter((f) => path.basename(f) === 'tables.ts')) {
    for (const [, typeOnly, spec] of readFileSync(file, 'utf8').matchAll(
      /import (type )?[^;]*?from '([^']+)'/g,
    )) {
      // A type from core (a jsonb column's shape) is erased at runtime: the table stays a leaf.
      const ok =
        spec.startsWith('drizzle-orm') ||
        spec === '@cvdp/server-kit/tables' ||
        spec.endsWith('/tables.ts') ||
        (typeOnly !== undefined && spec === '@cvdp/core');
      expect(ok, `${path.relative(root, file)} imports ${spec}`).toBe(true);
    }
  }
});

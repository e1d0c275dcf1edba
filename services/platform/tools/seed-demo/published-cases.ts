// Three closed cases whose advisories were published, told from real CVE records the repository ships
// (services/scoring/test-data/cve-records): the report says what the record's CNA container says (title,
// description, CWE, CVSS vector, product, references), the case's vulnerability carries the record's CVE id,
// the vendor is the record's vendor and the advisory is published on the record's publication day. The
// scoring queue then holds the same CVE (ingested from the list) linked to its case (scoring-queue.ts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ReportFormValues, emptyReportForm, emptyVulnerability } from '@cvdp/core';
import type { AuthUser, Db, FileStorage } from '@cvdp/server-kit';
import { recordSeen } from '../../../coordination/src/cases/store.ts';
import { addParticipants, notifyParticipants } from '../../../coordination/src/participants/store.ts';
import { assignCase } from '../../../coordination/src/assignments/store.ts';
import { parseCveRecord } from '../../../scoring/src/ingest/parse-record.ts';
import { CVE_RECORDS_DIR } from '../../../scoring/testing/records.ts';
import { type CaseSteps, storeFile, tellCase, toldBefore } from './case-story.ts';
import {
  changeStatus,
  decideCisa,
  nameVul,
  post,
  publishAdvisory,
  setStatus,
  shareAdvisory,
  startThread,
  vulsFromReport,
} from './case-work.ts';
import { COORDINATOR, ensureVendorGroup } from './people.ts';
import { DAY, HOUR } from './programme.ts';

interface RecordStory {
  cve: string;
  reporter: string;
  owner: string;
  tag: string;
  /** Days from the report to the record's publication. */
  days: number;
  status: 'fixed' | 'affected';
  affected: string;
  fixed: string;
  resolution: string;
  ssvc: Record<string, string>;
}

export const RECORD_STORIES: RecordStory[] = [
  {
    cve: 'CVE-2024-0444',
    reporter: 'mia@demo.cvdp.test',
    owner: 'dana@demo.cvdp.test',
    tag: 'media',
    days: 80,
    status: 'fixed',
    affected: 'before commit f368d63',
    fixed: 'commit f368d63',
    resolution: 'Fixed',
    ssvc: { E: 'N', A: 'N', TI: 'T', MWI: 'M' },
  },
  {
    cve: 'CVE-2024-0006',
    reporter: 'lena@demo.cvdp.test',
    owner: COORDINATOR,
    tag: 'database',
    days: 60,
    status: 'fixed',
    affected: '2.18.0.0 to 2.18.8, 2.20.0.0 to 2.20.2.2, 2024.0.0.0 to 2024.1.0',
    fixed: '2.18.9.0, 2.20.2.3, 2024.1.1.0',
    resolution: 'Fixed',
    ssvc: { E: 'N', A: 'N', TI: 'P', MWI: 'M' },
  },
  {
    cve: 'CVE-2024-10157',
    reporter: 'oscar@demo.cvdp.test',
    owner: 'cole@demo.cvdp.test',
    tag: 'web',
    days: 45,
    status: 'affected',
    affected: '1.0',
    fixed: '',
    resolution: 'No response',
    ssvc: { E: 'P', A: 'Y', TI: 'P', MWI: 'M' },
  },
];

export const PUBLISHED_CVES = RECORD_STORIES.map((s) => s.cve);

/** What the story takes from the record: the CNA's words, its first scoreable vector and references. */
async function readStoryRecord(cve: string) {
  const text = await readFile(path.join(CVE_RECORDS_DIR, `${cve}.json`));
  const parsed = parseCveRecord(text);
  const cna = (parsed.record.containers as { cna: { references?: { url: string }[] } }).cna;
  const vector = parsed.enrichment.find(
    (v) => v.kind === 'cvss' && v.source === 'cna' && ['4.0', '3.1', '3.0'].includes(v.version ?? ''),
  )?.value;
  return {
    title: parsed.title,
    description: parsed.description,
    vendor: parsed.vendors[0],
    product: parsed.products[0],
    cwes: parsed.cwes,
    vector: vector ?? '',
    references: (cna.references ?? []).map((r) => r.url).slice(0, 5),
    published: parsed.datePublished!,
  };
}
type StoryRecord = Awaited<ReturnType<typeof readStoryRecord>>;

const contactOf = (vendor: string) => `security@${vendor.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`;

function reportOfRecord(r: StoryRecord): ReportFormValues {
  return {
    ...emptyReportForm(),
    title: r.title,
    product: `${r.vendor} ${r.product}`,
    notified: 'No',
    vendor_contact: contactOf(r.vendor),
    disclosure_plans: 'Yes',
    disclosure_details: 'Publication once the vendor has a fix, or after 45 days without an answer.',
    vulnerabilities: [
      {
        ...emptyVulnerability(),
        description: r.description,
        cwes: r.cwes.slice(0, 5),
        showCvss: r.vector ? 'Yes' : 'No',
        cvss: r.vector,
        disclosed: 'No',
        references: r.references.join('\n'),
        active_exploitation: 'No',
        exploit_proof: '',
      },
    ],
  };
}

interface PublishedContext {
  db: Db;
  storage: FileStorage;
  publicUrl: string | undefined;
  user: (email: string) => AuthUser;
  userId: (email: string) => number;
  resolutionId: (name: string) => number | null;
}

/** Tells the record stories not told before; returns how many were new and their case ids by CVE. */
export async function tellPublished(ctx: PublishedContext) {
  const caseIds = new Map<string, number>();
  let created = 0;
  for (const story of RECORD_STORIES) {
    const key = `demo-published-${story.cve}`;
    const reporter = ctx.user(story.reporter);
    const earlier = await toldBefore(ctx.db, reporter.id, key);
    if (earlier !== undefined) {
      caseIds.set(story.cve, earlier);
      continue;
    }
    const record = await readStoryRecord(story.cve);
    // Before the case's transaction: PGlite's one connection is the transaction's until it ends.
    await ensureVendorGroup(
      ctx.db,
      { name: record.vendor, contact: contactOf(record.vendor), members: [], products: [record.product] },
      ctx.userId,
    );
    const poc = await storeFile(ctx.storage, {
      fileName: `${story.cve.toLowerCase()}-notes.txt`,
      contentType: 'text/plain',
      text: `Notes and reproduction steps for "${record.title}".\n\n${record.description}\n`,
    });
    const caseId = await tellCase(
      ctx.db,
      {
        reporter,
        report: reportOfRecord(record),
        submissionKey: key,
        poc,
        startedAt: record.published.getTime() - story.days * DAY,
      },
      (c) => storyOf(ctx, story, record, c),
    );
    caseIds.set(story.cve, caseId);
    created++;
  }
  return { created, caseIds };
}

async function storyOf(ctx: PublishedContext, story: RecordStory, record: StoryRecord, c: CaseSteps) {
  const { publicUrl } = ctx;
  const reporter = ctx.user(story.reporter);
  const owner = ctx.user(story.owner);
  const published = record.published;
  /** Hours from the story's present to `days` before the publication. */
  const until = (days: number) =>
    Math.max(0.5, (published.getTime() - days * DAY - c.now().getTime()) / HOUR);

  await c.step(20, () => changeStatus(c, owner, { status: 1, tags: [story.tag] }, publicUrl));
  await c.step(0.2, async () =>
    assignCase(c.db, await c.access(owner), owner, { user: owner.id }, publicUrl),
  );
  await c.step(2, async () =>
    addParticipants(
      c.db,
      await c.access(owner),
      owner,
      { names: [record.vendor], role: 'vendor' },
      publicUrl,
    ),
  );
  await c.step(1, async () =>
    notifyParticipants(c.db, await c.access(owner), owner.id, 'vendors', publicUrl),
  );
  let vul!: Awaited<ReturnType<typeof vulsFromReport>>[number];
  await c.step(4, async () => {
    [vul] = await vulsFromReport(c, owner);
    vul = await nameVul(c, owner, vul, record.title, story.cve);
  });
  await c.step(1, () => decideCisa(c, owner, vul, story.ssvc));
  let thread!: Awaited<ReturnType<typeof startThread>>;
  await c.step(1, async () => {
    thread = await startThread(c, owner, `Coordination with ${record.vendor}`, true);
    await post(
      c,
      owner,
      thread,
      `We sent ${record.vendor} the case notice and reserved **${story.cve}**. We publish ${story.days} days ` +
        'after the report at the latest.',
      publicUrl,
    );
  });
  await c.step(24 * 7, async () => {
    await post(
      c,
      owner,
      thread,
      story.status === 'fixed'
        ? `${record.vendor} confirmed the issue by email and fixed it in ${story.fixed}.`
        : `${record.vendor} has not answered the notice or two reminders; we publish without a fix.`,
      publicUrl,
    );
    await setStatus(c, owner, record.vendor, vul, {
      status: story.status,
      product: record.product,
      affected: story.affected,
      fixed: story.fixed,
    });
  });
  await c.step(20, () => recordSeen(c.db, c.caseId, reporter.id));
  await c.step(until(3), () =>
    shareAdvisory(
      c,
      owner,
      {
        title: record.title,
        summary: record.description.split(/(?<=\.)\s/)[0],
        content: record.description,
        impact: `See ${story.cve}.`,
        solution:
          story.status === 'fixed'
            ? `Update to ${story.fixed}.`
            : 'No fix is available: restrict access to the product until the vendor releases one.',
        references: record.references,
        credits: [reporter.name],
        vulnerabilities: [vul.id],
      },
      publicUrl,
    ),
  );
  await c.step(until(0), () => publishAdvisory(c, owner, publicUrl));
  await c.step(24, () =>
    changeStatus(
      c,
      owner,
      { status: 2, resolution: ctx.resolutionId(story.resolution), reason: story.resolution },
      publicUrl,
    ),
  );
}

// The programme's fifty cases (programme.ts), told through the stores: pending reports in triage (some
// handed to the rota), active cases — activated, owned, co-owned, handed over, vendors added and sent the
// case notice, then the work: vulnerabilities from the report, a coordination thread with posts, SSVC
// decisions, vendors' answers with their status and files, a question for the reporter, an advisory shared
// and waiting for the vendors' approval — and closed cases with their resolutions.
import { eq } from 'drizzle-orm';
import { reportToQuestions } from '@cvdp/core';
import type { AuthUser, Db, FileStorage } from '@cvdp/server-kit';
import { cases } from '@cvdp/coordination';
import { recordSeen } from '../../../coordination/src/cases/store.ts';
import { addParticipants, notifyParticipants } from '../../../coordination/src/participants/store.ts';
import { assignCase, unassignCase } from '../../../coordination/src/assignments/store.ts';
import { editReport } from '../../../coordination/src/reports/store.ts';
import { type CaseSteps, storeFile, tellCase, toldBefore } from './case-story.ts';
import {
  askVendorsToApprove,
  attach,
  changeStatus,
  decideCisa,
  post,
  setStatus,
  shareAdvisory,
  startThread,
  vulsFromReport,
} from './case-work.ts';
import { ADMIN, ROTA } from './people.ts';
import { COORDINATORS, DAY, REPORTERS, type Story, reportOf, stories } from './programme.ts';

/** The active case whose advisory waits for its vendors' approval (Acme Corp and Initech; owned by Cora). */
export const APPROVAL_STORY = 30;

/** Vendors were sent the case notice (a few active cases wait for it: a task for the desk). */
const noticeSent = (s: Story) => s.index % 5 !== 2;
/** Vendors of active cases older than two months have answered; newer ones wait for their status. */
export const vendorsAnswered = (s: Story) => s.fate === 'active' && noticeSent(s) && s.daysAgo > 60;
/** Rita's active cases the vendor has not answered yet: her coordinator asks her something. */
export const askedReporter = (s: Story) =>
  s.fate === 'active' && s.reporter === REPORTERS[0] && !vendorsAnswered(s);

const pocOf = (s: Story) => ({
  fileName: `poc-${s.key}.txt`,
  contentType: 'text/plain',
  text:
    `Proof of concept for "${reportOf(s).title}".\n\n1. Install ${s.product} with its default settings.\n` +
    `2. Send the request below to ${s.component}.\n3. Observe the effect described in the report.\n`,
});

/** The version a product name ends with ('Acme Portal 2.3': 2.3), and the one a fix would be. */
const versionOf = (product: string) => /\s(\d[\d.]*)$/.exec(product)?.[1] ?? null;
const affectedOf = (s: Story) => versionOf(s.product) ?? 'current release';
const fixedOf = (s: Story) => {
  const version = versionOf(s.product);
  return version ? `${version}.1` : 'next release';
};

/** SSVC values on CISA's coordinator table from what the story says about the flaw. */
const cisaValues = (s: Story) => ({
  E: s.index % 9 === 4 ? 'A' : s.index % 3 === 0 ? 'P' : 'N',
  A: s.flaw.vector.includes('AV:N') && s.flaw.vector.includes('PR:N') ? 'Y' : 'N',
  TI: s.flaw.vector.includes('VI:H') ? 'T' : 'P',
  MWI: s.flaw.tag === 'ics' ? 'H' : 'M',
});

interface ProgrammeContext {
  db: Db;
  storage: FileStorage;
  publicUrl: string | undefined;
  user: (email: string) => AuthUser;
  resolutionId: (name: string) => number | null;
}

/** Tells every story not told before; returns how many were new and the case id of every story by key. */
export async function tellProgramme(ctx: ProgrammeContext) {
  const caseIds = new Map<string, number>();
  let created = 0;
  const now = Date.now();
  for (const story of stories()) {
    const reporter = ctx.user(story.reporter);
    const earlier = await toldBefore(ctx.db, reporter.id, story.key);
    if (earlier !== undefined) {
      caseIds.set(story.key, earlier);
      continue;
    }
    const poc = story.index % 3 === 1 ? await storeFile(ctx.storage, pocOf(story)) : null;
    const caseId = await tellCase(
      ctx.db,
      {
        reporter,
        report: reportOf(story),
        submissionKey: story.key,
        poc,
        startedAt: now - story.daysAgo * DAY,
      },
      (c) => storyOf(ctx, story, c),
    );
    caseIds.set(story.key, caseId);
    created++;
  }
  return { created, caseIds };
}

async function storyOf(ctx: ProgrammeContext, story: Story, c: CaseSteps) {
  const { publicUrl } = ctx;
  const reporter = ctx.user(story.reporter);
  const owner = ctx.user(story.owner);
  const admin = ctx.user(ADMIN);

  if (story.index % 7 === 3) {
    // The reporter adds a detail a few hours later.
    await c.step(5, async () => {
      const values = reportOf(story);
      values.vulnerabilities[0].description += ' Update: the previous release is affected as well.';
      const [row] = await c.tx.select().from(cases).where(eq(cases.id, c.caseId));
      await editReport(c.db, reporter, row, { report: reportToQuestions(values), poc: null });
    });
  }

  if (story.fate === 'pending') {
    // Some new reports were already handed to the rota; the rest wait in triage untouched.
    if (story.index % 3 === 1)
      await c.step(1.5, async () =>
        assignCase(c.db, await c.access(admin), admin, { role: ROTA }, publicUrl),
      );
    return;
  }

  // Triage: the owner activates the case (becoming its owner) and takes the assignment.
  await c.step(3 + (story.index % 5) * 7, () =>
    changeStatus(c, owner, { status: 1, tags: [story.flaw.tag] }, publicUrl),
  );
  await c.step(0.2, async () =>
    assignCase(c.db, await c.access(owner), owner, { user: owner.id }, publicUrl),
  );
  if (story.coOwner) {
    const coOwner = ctx.user(story.coOwner);
    await c.step(1, async () =>
      addParticipants(
        c.db,
        await c.access(owner),
        owner,
        { names: [coOwner.email], role: 'owner' },
        publicUrl,
      ),
    );
  }
  if (story.index % 10 === 5) {
    // A hand-over: assigned to a colleague, who passes it back a day later.
    const colleague = ctx.user(COORDINATORS[(story.index + 2) % COORDINATORS.length]);
    await c.step(2, async () =>
      assignCase(c.db, await c.access(owner), owner, { user: colleague.id }, publicUrl),
    );
    await c.step(24, async () =>
      unassignCase(c.db, await c.access(colleague), colleague.id, {
        users: [colleague.id],
        reason: 'Back to the owner: the vendor answered.',
      }),
    );
  }
  // The vendors: added, then sent the case notice.
  await c.step(2, async () =>
    addParticipants(
      c.db,
      await c.access(owner),
      owner,
      { names: story.vendors.map((v) => v.name), role: 'vendor' },
      publicUrl,
    ),
  );
  if (noticeSent(story))
    await c.step(1, async () =>
      notifyParticipants(c.db, await c.access(owner), owner.id, 'vendors', publicUrl),
    );
  if (story.index % 4 === 0) {
    const observer = ctx.user(COORDINATORS[(story.index + 1) % COORDINATORS.length]);
    await c.step(0.5, async () =>
      addParticipants(
        c.db,
        await c.access(owner),
        owner,
        { names: [observer.email], role: 'observer' },
        publicUrl,
      ),
    );
  }
  // Vendor staff open the case within a couple of days.
  for (const [n, vendor] of story.vendors.entries())
    if (noticeSent(story))
      await c.step(20 + n * 5, () =>
        recordSeen(c.db, c.caseId, ctx.user(vendor.members[story.index % vendor.members.length]).id),
      );
  await c.step(1, () => recordSeen(c.db, c.caseId, reporter.id));

  if (story.fate === 'active') await workOf(ctx, story, c);

  if (story.fate === 'closed') {
    await c.step(24 * (6 + (story.index % 9) * 5), () =>
      changeStatus(
        c,
        owner,
        { status: 2, resolution: ctx.resolutionId(story.resolution), reason: story.resolution },
        publicUrl,
      ),
    );
  }
}

/** An active case's work so far: vulnerabilities, the thread, decisions, vendors' answers, the advisory. */
async function workOf(ctx: ProgrammeContext, story: Story, c: CaseSteps) {
  const { publicUrl } = ctx;
  const reporter = ctx.user(story.reporter);
  const owner = ctx.user(story.owner);
  let vul!: Awaited<ReturnType<typeof vulsFromReport>>[number];
  await c.step(4, async () => {
    [vul] = await vulsFromReport(c, owner);
  });
  let thread!: Awaited<ReturnType<typeof startThread>>;
  await c.step(0.5, async () => {
    thread = await startThread(c, owner, `Coordination of ${story.product}`, true);
    await post(
      c,
      owner,
      thread,
      `Hello all, this thread is where we coordinate case #${c.caseId}. **Vendors:** please confirm the ` +
        'affected versions and set your status on the *Vulnerabilities* tab. We plan to publish 90 days after ' +
        'the notice, or with the fix.',
      publicUrl,
    );
  });
  if (story.index % 2 === 0) await c.step(2, () => decideCisa(c, owner, vul, cisaValues(story)));

  if (vendorsAnswered(story)) {
    for (const [n, vendor] of story.vendors.entries()) {
      const member = ctx.user(vendor.members[story.index % vendor.members.length]);
      const fixed = n === 0 && story.index % 2 === 1;
      await c.step(18 + n * 6, async () => {
        await post(
          c,
          member,
          thread,
          fixed
            ? `Thanks. We reproduced it and fixed it in ${fixedOf(story)}; release notes attached.`
            : `Thanks. We reproduced it on ${story.product}; a fix is planned for the next release.`,
          publicUrl,
        );
        await setStatus(c, member, vendor.name, vul, {
          status: n === 0 ? (fixed ? 'fixed' : 'affected') : 'under_investigation',
          product: story.product,
          affected: n === 0 ? affectedOf(story) : '',
          fixed: fixed ? fixedOf(story) : '',
        });
        if (fixed)
          await attach(
            c,
            member,
            await storeFile(ctx.storage, {
              fileName: 'release-notes.txt',
              contentType: 'text/plain',
              text: `${story.product}, ${fixedOf(story)}\n\nSecurity: fixes the issue reported in case #${c.caseId}.\n`,
            }),
            thread,
          );
      });
    }
  }

  if (askedReporter(story))
    await c.step(6, () =>
      post(
        c,
        owner,
        thread,
        `@${reporter.name}: could you tell us which firmware or build you tested, and whether the default ` +
          'configuration is affected? The vendor asks before it can confirm.',
        publicUrl,
      ),
    );
  else
    await c.step(30, () =>
      post(c, reporter, thread, 'Thanks for the update. Happy to retest a fix.', publicUrl),
    );

  if (story.index === APPROVAL_STORY) {
    await c.step(24, async () => {
      await shareAdvisory(
        c,
        owner,
        {
          title: `${story.product}: ${story.flaw.title.replace('{c}', story.component)}`,
          summary: `A vulnerability in ${story.product} lets an attacker abuse ${story.component}.`,
          content: `${vul.description}\n\n${story.vendors[0].name} confirmed the issue; a fix is planned.`,
          impact: 'An attacker can reach data or functions they should not.',
          solution: `Update ${story.product} as soon as the vendor's fix is available.`,
          references: [],
          credits: [reporter.name],
          vulnerabilities: [vul.id],
        },
        publicUrl,
      );
      await askVendorsToApprove(c, owner, publicUrl);
    });
  }
}

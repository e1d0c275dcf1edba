// Cases for browser tests, made through the same API the pages use: a reporter's report (which opens a case),
// a vendor group with a member, and a coordinator activating the case and adding the group.
import { expect, type Page } from '@playwright/test';
import { ADMIN, servers } from './servers.ts';
import { apiSignIn, createAccount } from './accounts.ts';

export const csrfOf = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'csrftoken')!.value;

/** One vulnerability of a report, as the form would store it. */
export interface ReportVulnerability {
  description: string;
  cwes?: string[];
  /** A CVSS v4.0 vector: the reporter's score. */
  cvss?: string;
}

/** A report submitted as the signed-in user of `page`; returns the case id. */
export async function submitReport(
  page: Page,
  title: string,
  vulnerabilities: ReportVulnerability[] = [{ description: 'The upload handler trusts the file name.' }],
  options: { product?: string; poc?: { name: string; mimeType: string; buffer: Buffer } } = {},
): Promise<number> {
  const report = [
    { question: 'Title', answer: title },
    { question: 'Product', answer: options.product ?? 'Widget 2.0' },
    { question: 'Have you notified the vendor?', answer: 'No' },
    { question: 'Vendor contact', answer: 'psirt@widget.example' },
    { question: 'Do you have plans to disclose this vulnerability?', answer: 'No' },
    {
      question: 'Describe the vulnerabilities',
      answer: vulnerabilities.map((v) => [
        { question: 'Description', answer: v.description },
        ...(v.cwes?.length ? [{ question: 'Problem types (CWE)', answer: v.cwes }] : []),
        { question: 'Do you want to provide a CVSS score?', answer: v.cvss ? 'Yes' : 'No' },
        ...(v.cvss ? [{ question: 'CVSS v4.0 vector', answer: v.cvss }] : []),
        { question: 'Has this vulnerability been publicly disclosed?', answer: 'No' },
      ]),
    },
  ];
  const created = await page.request.post('/api/report/', {
    multipart: { report: JSON.stringify(report), ...(options.poc ? { poc: options.poc } : {}) },
    headers: { 'X-CSRFToken': await csrfOf(page) },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** A vendor group with one member, made through the admin API (the member asks to join, the admin approves). */
export async function vendorGroupWithMember(name: string, memberName: string) {
  const member = await createAccount(servers.main.url, ['reporter'], memberName);
  const admin = await apiSignIn(servers.main.url, ADMIN.email, ADMIN.password);
  const group = await admin.api.post('/manage/groups/', {
    data: { name, kind: 'vendor' },
    headers: admin.headers,
  });
  expect(group.status(), await group.text()).toBe(201);
  const { id: groupId } = (await group.json()) as { id: number };
  const asMember = await apiSignIn(servers.main.url, member.email, member.password);
  const ask = await asMember.api.post('/api/group/request/', {
    data: { group: groupId },
    headers: asMember.headers,
  });
  expect(ask.status(), await ask.text()).toBe(201);
  const { id: requestId } = (await ask.json()) as { id: number };
  await asMember.api.dispose();
  const approve = await admin.api.patch(`/manage/groups/requests/${requestId}/`, {
    data: { status: 'approved' },
    headers: admin.headers,
  });
  expect(approve.status(), await approve.text()).toBe(200);
  await admin.api.dispose();
  return member;
}

/** As the coordinator signed in on `page`: activate the case and add vendor groups by name. */
export async function activateWithVendors(page: Page, caseId: number, vendorGroups: string[]) {
  const headers = { 'X-CSRFToken': await csrfOf(page) };
  const activate = await page.request.patch(`/api/cases/${caseId}/`, { data: { status: 1 }, headers });
  expect(activate.status(), await activate.text()).toBe(200);
  if (vendorGroups.length) {
    const added = await page.request.post(`/api/case/${caseId}/participants/`, {
      data: { names: vendorGroups, role: 'vendor' },
      headers,
    });
    expect(added.status(), await added.text()).toBeLessThan(300);
  }
}

// Test accounts are made the way a person would get one: register, then an administrator approves and
// grants roles — through the real API, so browser tests start from a known state quickly.
import { request, type APIRequestContext, type Page, expect } from '@playwright/test';
import { ADMIN } from './servers.ts';

export interface Account {
  id: number;
  email: string;
  password: string;
  name: string;
  roles: string[];
}

let counter = 0;

async function csrfHeaders(api: APIRequestContext, baseURL: string) {
  await api.get(`${baseURL}/healthz`);
  const state = await api.storageState();
  const token = state.cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  return { 'X-CSRFToken': token };
}

export async function apiSignIn(baseURL: string, email: string, password: string) {
  const api = await request.newContext({ baseURL });
  const res = await api.post('/api/auth/login/', {
    data: { email, password },
    headers: await csrfHeaders(api, baseURL),
  });
  expect(res.status(), await res.text()).toBe(200);
  // The CSRF token is rotated at sign-in; later writes need the new one.
  return { api, headers: await csrfHeaders(api, baseURL) };
}

/** A registration as the page sends it: the account waits for an administrator's approval. */
export async function registerAccount(baseURL: string, name: string) {
  const n = ++counter;
  const email = `e2e-${Date.now()}-${process.pid}-${n}@example.test`;
  const password = 'e2e user password 1';
  const visitor = await request.newContext({ baseURL });
  const reg = await visitor.post('/api/auth/register/', {
    data: { email, name, password },
    headers: await csrfHeaders(visitor, baseURL),
  });
  expect(reg.status(), await reg.text()).toBe(201);
  await visitor.dispose();
  return { email, password, name };
}

export async function createAccount(
  baseURL: string,
  roles: string[] = ['reporter'],
  name?: string,
): Promise<Account> {
  // Without a name, the number the registration's email takes next keeps names apart.
  const displayName = name ?? `E2E ${roles.join('+')} ${counter + 1}`;
  const { email, password } = await registerAccount(baseURL, displayName);
  const admin = await apiSignIn(baseURL, ADMIN.email, ADMIN.password);
  // The registration's answer carries no id (it is the same for a taken address): the pending list has it.
  const pending = await admin.api.get(`/manage/users/pending/?search=${encodeURIComponent(email)}`);
  expect(pending.status()).toBe(200);
  const [{ id }] = ((await pending.json()) as { results: { id: number; email: string }[] }).results.filter(
    (u) => u.email === email,
  );
  const approve = await admin.api.patch(`/manage/users/pending/${id}/`, {
    data: { pending: false },
    headers: admin.headers,
  });
  expect(approve.status()).toBe(200);
  const patch = await admin.api.patch(`/manage/users/${id}/`, { data: { roles }, headers: admin.headers });
  expect(patch.status()).toBe(200);
  await admin.api.dispose();
  return { id, email, password, name: displayName, roles };
}

export async function signInThroughPage(page: Page, account: { email: string; password: string }) {
  await page.goto('/cvdp/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/cvdp\/(?!login)/);
  // The start page decides by role where a user lands (a reporter in no case goes on to My reports, after a
  // spinner): wait until a page's heading shows and nothing is loading, so a click that follows is not undone
  // by that redirect.
  await page.waitForFunction(
    () => document.querySelector('h1') !== null && document.querySelector('.spinner-border') === null,
  );
}

// Test support: the advisories feature's calls, faked where they leave the app (the API client), each
// endpoint answering through its own mock named after its fetcher and called with what the request carried.
// A hook reads its own file's fetcher, which a module mock cannot replace; faking the client keeps the tests
// on the real hooks, and a request that changed (its URL, its query) is an unexpected call that fails.
import { vi } from 'vitest';
import type {
  AdvisoryRevision,
  AdvisoryRevisionInput,
  CaseCallerMetadata,
  CsafProfile,
  CsafProfileCreateInput,
  CsafProfilePatchInput,
  CsafSettings,
  CsafSettingsInput,
  PageOf,
  Participant,
} from '@cvdp/core';
import { answerCalls } from '../../test/answer-calls.ts';

type Config = { params?: Record<string, unknown> } | undefined;
type Handler = (ids: number[], body: never, config: Config) => Promise<unknown>;

/** The query a list call must carry, or the call is unexpected. */
const withParams = (expected: Record<string, unknown>, handle: Handler): Handler => {
  return (ids, body, config) => {
    if (JSON.stringify(config?.params ?? {}) !== JSON.stringify(expected))
      throw new Error(`Unexpected query: ${JSON.stringify(config?.params)}`);
    return handle(ids, body, config);
  };
};

export function fakeAdvisoryCalls() {
  const calls = {
    fetchCaseCallerMetadata: vi.fn<(caseId: number) => Promise<CaseCallerMetadata>>(),
    fetchRevisions: vi.fn<(caseId: number) => Promise<PageOf<AdvisoryRevision>>>(),
    saveRevision: vi.fn<(caseId: number, input: AdvisoryRevisionInput) => Promise<AdvisoryRevision>>(),
    fetchCsafSettings: vi.fn<(caseId: number) => Promise<CsafSettings>>(),
    saveCsafSettings: vi.fn<(caseId: number, input: CsafSettingsInput) => Promise<CsafSettings>>(),
    fetchVendorParticipants: vi.fn<(caseId: number) => Promise<PageOf<Participant>>>(),
    fetchCsafProfiles: vi.fn<() => Promise<PageOf<CsafProfile>>>(),
    createCsafProfile: vi.fn<(input: CsafProfileCreateInput) => Promise<CsafProfile>>(),
    updateCsafProfile: vi.fn<(id: number, change: CsafProfilePatchInput) => Promise<CsafProfile>>(),
    deleteCsafProfile: vi.fn<(id: number) => Promise<void>>(),
    fetchMarkdownPreview: vi.fn<(text: string) => Promise<string>>(),
  };
  const routes: Record<'get' | 'post' | 'patch' | 'delete', [RegExp, Handler][]> = {
    get: [
      [/^api\/case\/(\d+)\/metadata\/$/, ([id]) => calls.fetchCaseCallerMetadata(id)],
      [/^api\/case\/(\d+)\/advisory\/$/, withParams({ page_size: 50 }, ([id]) => calls.fetchRevisions(id))],
      [/^api\/case\/(\d+)\/settings\/csaf\/$/, ([id]) => calls.fetchCsafSettings(id)],
      [
        /^api\/case\/(\d+)\/participants\/$/,
        withParams({ role: 'vendor', page_size: 200 }, ([id]) => calls.fetchVendorParticipants(id)),
      ],
      [/^manage\/csaf\/profiles\/$/, withParams({ page_size: 200 }, () => calls.fetchCsafProfiles())],
    ],
    post: [
      [/^api\/case\/(\d+)\/advisory\/$/, ([id], body) => calls.saveRevision(id, body)],
      [/^api\/case\/(\d+)\/settings\/csaf\/$/, ([id], body) => calls.saveCsafSettings(id, body)],
      [/^manage\/csaf\/profiles\/$/, (_ids, body) => calls.createCsafProfile(body)],
      [
        /^api\/markdown\/preview\/$/,
        (_ids, body: { text: string }) => calls.fetchMarkdownPreview(body.text).then((html) => ({ html })),
      ],
    ],
    patch: [[/^manage\/csaf\/profiles\/(\d+)\/$/, ([id], body) => calls.updateCsafProfile(id, body)]],
    delete: [[/^manage\/csaf\/profiles\/(\d+)\/$/, ([id]) => calls.deleteCsafProfile(id)]],
  };
  answerCalls(routes, Number);
  return calls;
}

/** A list answer as the server pages it. */
export const pageOf = <T>(results: T[]): PageOf<T> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

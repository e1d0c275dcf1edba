// Test support: the threads feature's calls, faked where they leave the app (the API client), each endpoint
// answering through its own mock named after its fetcher and called with the same arguments. A hook reads
// its own file's fetcher, which a module mock cannot replace; faking the client keeps the tests on the calls
// the hooks really make (URLs, query parameters, bodies, upload progress).
import { vi } from 'vitest';
import type {
  ArtifactSummary,
  CaseCallerMetadata,
  PageOf,
  Participant,
  Post,
  PostHistory,
  PostsPage,
  Reaction,
  Thread,
  ThreadRead,
} from '@cvdp/core';
import { answerCalls } from '../../test/answer-calls.ts';
import type { OnProgress, PostChange, PostsAt, ThreadChange, ThreadFilter } from './api/index.ts';

type Params = Record<string, unknown>;
/** What the feature reads of an upload's progress event (axios's AxiosProgressEvent, in part). */
type Progress = { loaded: number; total?: number; progress?: number };
type Config = { params?: Params; onUploadProgress?: (event: Progress) => void } | undefined;
type Handler = (ids: string[], body: never, config: Config) => Promise<unknown>;

const pageOf = <T>(results: T[]): PageOf<T> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

/** An upload's file, and its progress as the fraction the feature's OnProgress takes (through axios's event). */
function uploaded(body: FormData, config: Config): [File, OnProgress] {
  const report: OnProgress = (fraction) =>
    config?.onUploadProgress?.(fraction === null ? { loaded: 1 } : { loaded: fraction * 1000, total: 1000 });
  return [body.get('file') as File, report];
}

export function fakeThreadCalls() {
  const calls = {
    fetchCaseCallerMetadata: vi.fn<(caseId: number) => Promise<CaseCallerMetadata>>(),
    fetchThreads: vi.fn<(caseId: number, filter: ThreadFilter) => Promise<PageOf<Thread>>>(),
    fetchThread: vi.fn<(threadId: number) => Promise<Thread>>(),
    createThread: vi.fn<(caseId: number, subject: string, participants: number[]) => Promise<Thread>>(),
    updateThread: vi.fn<(threadId: number, change: ThreadChange) => Promise<Thread>>(),
    fetchCaseParticipants: vi.fn<(caseId: number) => Promise<Participant[]>>(),
    fetchPosts: vi.fn<(threadId: number, after: number, search: string) => Promise<PageOf<Post>>>(),
    fetchPinnedPosts: vi.fn<(threadId: number) => Promise<Post[]>>(),
    /** The page at (`around`) or before (`before`) a post. */
    fetchPostsAt: vi.fn<(threadId: number, at: PostsAt) => Promise<PostsPage>>(),
    /** Answers "nothing read, nothing new" unless a test says otherwise: the thread opens at its start. */
    fetchThreadRead: vi.fn<(threadId: number) => Promise<ThreadRead>>((thread) =>
      Promise.resolve({
        thread,
        last_read_post: 0,
        first_unread_post: null,
        latest_post: null,
        unread: 0,
        read_at: null,
      }),
    ),
    createPost: vi.fn<(threadId: number, content: string, replyTo?: number) => Promise<Post>>(),
    updatePost: vi.fn<(postId: number, change: PostChange) => Promise<Post>>(),
    deletePost: vi.fn<(postId: number) => Promise<void>>(),
    reactToPost: vi.fn<(postId: number, reaction: Reaction) => Promise<Post>>(),
    fetchPostHistory: vi.fn<(postId: number) => Promise<PostHistory>>(),
    fetchMarkdownPreview: vi.fn<(text: string) => Promise<string>>(),
    uploadToThread:
      vi.fn<(threadId: number, file: File, onProgress: OnProgress) => Promise<ArtifactSummary>>(),
    fetchArtifacts: vi.fn<(caseId: number) => Promise<PageOf<ArtifactSummary>>>(),
    uploadArtifact: vi.fn<(caseId: number, file: File, onProgress: OnProgress) => Promise<ArtifactSummary>>(),
    shareArtifact: vi.fn<(uuid: string, share: boolean) => Promise<ArtifactSummary>>(),
    deleteArtifact: vi.fn<(uuid: string) => Promise<void>>(),
  };
  const routes: Record<'get' | 'post' | 'patch' | 'delete', [RegExp, Handler][]> = {
    get: [
      [/^api\/case\/(\d+)\/metadata\/$/, ([id]) => calls.fetchCaseCallerMetadata(+id)],
      [
        /^api\/case\/(\d+)\/threads\/$/,
        ([id], _b, c) => calls.fetchThreads(+id, c?.params?.official === 1 ? 'official' : 'open'),
      ],
      [/^api\/case\/(\d+)\/threads\/archived\/$/, ([id]) => calls.fetchThreads(+id, 'archived')],
      [/^api\/case\/thread\/(\d+)\/$/, ([id]) => calls.fetchThread(+id)],
      [/^api\/case\/thread\/(\d+)\/read\/$/, ([id]) => calls.fetchThreadRead(+id)],
      [/^api\/case\/(\d+)\/participants\/$/, ([id]) => calls.fetchCaseParticipants(+id).then(pageOf)],
      [
        /^api\/case\/thread\/(\d+)\/posts\/$/,
        ([id], _b, c) =>
          c?.params?.pinned === 1
            ? calls.fetchPinnedPosts(+id).then(pageOf)
            : c?.params?.around !== undefined
              ? calls.fetchPostsAt(+id, { around: Number(c.params.around) })
              : c?.params?.before !== undefined
                ? calls.fetchPostsAt(+id, { before: Number(c.params.before) })
                : calls.fetchPosts(
                    +id,
                    Number(c?.params?.after ?? 0),
                    (c?.params?.search as string | undefined) ?? '',
                  ),
      ],
      [/^case\/thread\/post\/diff\/(\d+)\/$/, ([id]) => calls.fetchPostHistory(+id)],
      [/^api\/case\/(\d+)\/artifacts\/$/, ([id]) => calls.fetchArtifacts(+id)],
    ],
    post: [
      [
        /^api\/case\/(\d+)\/threads\/$/,
        ([id], body: { subject: string; participants?: number[] }) => {
          // The server refuses an empty list: a thread open to all leaves `participants` out.
          if (body.participants?.length === 0) throw new Error('An empty participants list was sent.');
          return calls.createThread(+id, body.subject, body.participants ?? []);
        },
      ],
      [
        /^api\/case\/thread\/(\d+)\/posts\/$/,
        ([id], body: { content: string; reply_to?: number }) =>
          body.reply_to === undefined
            ? calls.createPost(+id, body.content)
            : calls.createPost(+id, body.content, body.reply_to),
      ],
      [
        /^api\/markdown\/preview\/$/,
        (_ids, body: { text: string }) => calls.fetchMarkdownPreview(body.text).then((html) => ({ html })),
      ],
      [
        /^api\/case\/thread\/post\/(\d+)\/react\/$/,
        ([id], body: { reaction: Reaction }) => calls.reactToPost(+id, body.reaction),
      ],
      [
        /^api\/case\/thread\/(\d+)\/upload\/$/,
        ([id], body: FormData, c) => calls.uploadToThread(+id, ...uploaded(body, c)),
      ],
      [
        /^api\/case\/(\d+)\/artifacts\/$/,
        ([id], body: FormData, c) => calls.uploadArtifact(+id, ...uploaded(body, c)),
      ],
    ],
    patch: [
      [/^api\/case\/thread\/(\d+)\/$/, ([id], body) => calls.updateThread(+id, body)],
      [/^api\/case\/thread\/post\/(\d+)\/$/, ([id], body) => calls.updatePost(+id, body)],
      [
        /^api\/case\/artifact\/([\w-]+)\/$/,
        ([uuid], body: { share: boolean }) => calls.shareArtifact(uuid, body.share),
      ],
    ],
    delete: [
      [/^api\/case\/thread\/post\/(\d+)\/$/, ([id]) => calls.deletePost(+id)],
      [/^api\/case\/artifact\/([\w-]+)\/$/, ([uuid]) => calls.deleteArtifact(uuid)],
    ],
  };
  answerCalls(routes, String);
  return calls;
}

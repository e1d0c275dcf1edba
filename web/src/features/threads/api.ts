// Thread, post and artifact calls of a case (SPEC §7). Uploads report their progress through axios.
import type { AxiosProgressEvent } from 'axios';
import type {
  ArtifactSummary,
  CaseCallerMetadata,
  PageOf,
  Participant,
  Post,
  PostHistory,
  Reaction,
  Thread,
  ThreadParticipant,
} from '@cvdp/core';
import { POSTS_MAX_PAGE_SIZE } from '@cvdp/core';
import { coordinationApi } from '../../lib/api-client.ts';

/** Which threads of a case to list: open ones, archived ones, or only official ones. */
export type ThreadFilter = 'open' | 'archived' | 'official';

/** Threads a page: one call covers every thread of all but the busiest cases. */
export const THREADS_PAGE_SIZE = 200;

export const fetchThreads = (caseId: number, filter: ThreadFilter) =>
  coordinationApi
    .get<PageOf<Thread>>(
      filter === 'archived' ? `api/case/${caseId}/threads/archived/` : `api/case/${caseId}/threads/`,
      { params: { page_size: THREADS_PAGE_SIZE, ...(filter === 'official' ? { official: 1 } : {}) } },
    )
    .then((r) => r.data);

export const fetchThread = (threadId: number) =>
  coordinationApi.get<Thread>(`api/case/thread/${threadId}/`).then((r) => r.data);

/** Staff: a new thread; `participants` (case participant ids) restricts it to them. */
export const createThread = (caseId: number, subject: string, participants: number[]) =>
  coordinationApi
    .post<Thread>(`api/case/${caseId}/threads/`, {
      subject,
      ...(participants.length ? { participants } : {}),
    })
    .then((r) => r.data);

export const updateThread = (
  threadId: number,
  change: { subject?: string; official?: boolean; archived?: boolean },
) => coordinationApi.patch<Thread>(`api/case/thread/${threadId}/`, change).then((r) => r.data);

export const fetchThreadParticipants = (threadId: number) =>
  coordinationApi
    .get<ThreadParticipant[] | PageOf<ThreadParticipant>>(`api/case/thread/${threadId}/participants/`)
    .then((r) => (Array.isArray(r.data) ? r.data : r.data.results));

/** The case's participants, to restrict a new thread to some of them. */
export const fetchCaseParticipants = (caseId: number) =>
  coordinationApi
    .get<PageOf<Participant>>(`api/case/${caseId}/participants/`, { params: { page_size: 500 } })
    .then((r) => r.data.results);

// ---- posts -----------------------------------------------------------------------------------------

export const POSTS_PAGE_SIZE = POSTS_MAX_PAGE_SIZE;

/**
 * A page of a thread's posts: the first, or (keyset, for "Load more") the one after the post `after` —
 * every such page costs the server what the first does, however far into the thread.
 */
export const fetchPosts = (threadId: number, after = 0, search = '') =>
  coordinationApi
    .get<PageOf<Post>>(`api/case/thread/${threadId}/posts/`, {
      params: { ...(after ? { after } : {}), page_size: POSTS_PAGE_SIZE, ...(search ? { search } : {}) },
    })
    .then((r) => r.data);

export const fetchPinnedPosts = (threadId: number) =>
  coordinationApi
    .get<PageOf<Post>>(`api/case/thread/${threadId}/posts/`, {
      params: { pinned: 1, page_size: POSTS_PAGE_SIZE },
    })
    .then((r) => r.data.results);

export const createPost = (threadId: number, content: string, replyTo?: number) =>
  coordinationApi
    .post<Post>(`api/case/thread/${threadId}/posts/`, {
      content,
      ...(replyTo !== undefined ? { reply_to: replyTo } : {}),
    })
    .then((r) => r.data);

export const updatePost = (postId: number, change: { content: string } | { pinned: boolean }) =>
  coordinationApi.patch<Post>(`api/case/thread/post/${postId}/`, change).then((r) => r.data);

export const deletePost = (postId: number) =>
  coordinationApi.delete(`api/case/thread/post/${postId}/`).then(() => undefined);

export const reactToPost = (postId: number, reaction: Reaction) =>
  coordinationApi.post<Post>(`api/case/thread/post/${postId}/react/`, { reaction }).then((r) => r.data);

export const fetchPostHistory = (postId: number) =>
  coordinationApi.get<PostHistory>(`case/thread/post/diff/${postId}/`).then((r) => r.data);

/** Where the thread's live events stream (Server-Sent Events of ThreadEvent). */
export const threadEventsUrl = (threadId: number) =>
  coordinationApi.getUri({ url: `api/case/thread/${threadId}/events/` });

// ---- files -----------------------------------------------------------------------------------------

/** Upload progress as a fraction 0..1 (or null when the browser cannot tell the total). */
export type OnProgress = (fraction: number | null) => void;

const progress = (onProgress?: OnProgress) => (event: AxiosProgressEvent) =>
  onProgress?.(event.total ? event.loaded / event.total : (event.progress ?? null));

function fileForm(file: File) {
  const form = new FormData();
  form.append('file', file);
  return form;
}

/** Attach a file in a thread (it also joins the case's artifacts). */
export const uploadToThread = (threadId: number, file: File, onProgress?: OnProgress) =>
  coordinationApi
    .post<ArtifactSummary>(`api/case/thread/${threadId}/upload/`, fileForm(file), {
      onUploadProgress: progress(onProgress),
    })
    .then((r) => r.data);

export const ARTIFACTS_PAGE_SIZE = 200;

export const fetchArtifacts = (caseId: number) =>
  coordinationApi
    .get<PageOf<ArtifactSummary>>(`api/case/${caseId}/artifacts/`, {
      params: { page_size: ARTIFACTS_PAGE_SIZE },
    })
    .then((r) => r.data);

export const uploadArtifact = (caseId: number, file: File, onProgress?: OnProgress) =>
  coordinationApi
    .post<ArtifactSummary>(`api/case/${caseId}/artifacts/`, fileForm(file), {
      onUploadProgress: progress(onProgress),
    })
    .then((r) => r.data);

export const shareArtifact = (uuid: string, share: boolean) =>
  coordinationApi.patch<ArtifactSummary>(`api/case/artifact/${uuid}/`, { share }).then((r) => r.data);

export const deleteArtifact = (uuid: string) =>
  coordinationApi.delete(`api/case/artifact/${uuid}/`).then(() => undefined);

/** The download address under the configured API base. */
export const artifactDownloadHref = (a: ArtifactSummary) =>
  coordinationApi.getUri({ url: a.download_url.replace(/^\//, '') });

/** The caller's standing in the case (the case page asks the same under the same query key). */
export const fetchCaseCallerMetadata = (caseId: number) =>
  coordinationApi.get<CaseCallerMetadata>(`api/case/${caseId}/metadata/`).then((r) => r.data);

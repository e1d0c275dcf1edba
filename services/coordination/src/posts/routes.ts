// Post calls (SPEC §7): a thread's posts a page at a time (page_size ≤ 100: a larger value is capped),
// pinned only, or matching words; writing (Markdown, rendered and sanitised on write); reading, editing,
// pinning and removing one post; reactions; a post's history with line diffs; the Markdown preview. A
// thread the caller may not read (another case, or restricted away from them) answers 404 for the thread and every post in it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AROUND_NOT_IN_THREAD,
  AROUND_WHOLE_THREAD,
  ONLY_AUTHOR_EDITS,
  POSTS_ONE_POSITION,
  ONLY_STAFF_PINS,
  POST_REMOVED,
  POSTS_MAX_PAGE_SIZE,
  THREAD_ARCHIVED,
  idParams,
  markdownPreviewAnswerSchema,
  markdownPreviewSchema,
  postCreateSchema,
  postHistorySchema,
  postListQuery,
  postSchema,
  postUpdateSchema,
  reactSchema,
} from '@cvdp/core';
import {
  type AuthUser,
  HttpError,
  PAGE_PAST_END,
  forbidden,
  noContent,
  notFound,
  pageOf,
  pageQuery,
  routes,
  toPage,
} from '@cvdp/server-kit';
import { can } from '../policy/index.ts';
import { readableThread, readableThreadWith } from '../threads/access.ts';
import { answerCache, pageVersionFields } from './page-cache.ts';
import { POSTS_PAGE_CACHE_CONTROL, notModified, postsPageEtag } from './conditional.ts';
import { markdownRenderer } from './render.ts';
import {
  createPost,
  findPost,
  listPosts,
  pageHolding,
  postHistory,
  postView,
  removePost,
  toggleReaction,
  updatePost,
  type WriteContext,
} from './store.ts';

const tags = ['posts'];
const listQuery = pageQuery(POSTS_MAX_PAGE_SIZE, POSTS_MAX_PAGE_SIZE, { clamp: true }).extend(
  postListQuery.shape,
);
const conflict = (message: string) => new HttpError(409, message);
const postsPage = pageOf(postSchema).extend({
  page: z.number().int().optional().describe('With around: the page (1-based) that holds the post.'),
});
const badQuery = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });

/**
 * A keyset page's link: this request's query with `after` (or `before`) set to a post of this page, the
 * other positions left out. Built from CVDP_PUBLIC_URL when it is set, relative otherwise (never from Host
 * headers), like the kit's page links.
 */
function keysetLink(
  request: FastifyRequest,
  key: 'after' | 'before',
  postId: number,
  pageSize: number,
): string {
  const url = new URL(request.url, 'http://placeholder');
  for (const k of ['after', 'before', 'around', 'page']) url.searchParams.delete(k);
  url.searchParams.set(key, String(postId));
  url.searchParams.set('page_size', String(pageSize));
  return `${request.server.config?.publicUrl ?? ''}${url.pathname}${url.search}`;
}

export async function postRoutes(app: FastifyInstance) {
  const { db } = app;
  const r = routes(app);
  const renderer = markdownRenderer(app.config.publicUrl);

  const context = (user: AuthUser, readable: Awaited<ReturnType<typeof readableThread>>): WriteContext => ({
    access: readable.access,
    thread: readable.loaded.thread,
    actor: { id: user.id, name: user.name },
    render: renderer.render,
    publicUrl: app.config.publicUrl,
  });

  /** The post and its thread, if the caller may read them (else 404, like a missing post). */
  async function readablePost(user: AuthUser, id: number) {
    const post = await findPost(db, id);
    if (!post) throw notFound();
    const readable = await readableThread(db, user, post.threadId);
    if (!can('post.read', readable.access, { ...post, restrictedTo: readable.loaded.restrictedTo })) {
      throw notFound();
    }
    return { post, readable };
  }

  r.get(
    '/api/case/thread/:id/posts/',
    {
      summary:
        "A thread's posts, oldest first (page_size ≤ 100, larger is capped); pinned=1 pinned only; search= words in the posts; after=<post id> / before=<post id> the page after / before that post (keyset, for Load newer / older); around=<post id> the page that holds that post (its number in `page`)",
      tags,
      access: 'user',
      params: idParams,
      query: listQuery,
      response: { 200: postsPage, 304: noContent },
    },
    async (request, reply) => {
      const { loaded, extra } = await readableThreadWith(
        db,
        request.user!,
        request.params.id,
        pageVersionFields(),
      );
      const q = request.query;
      const f = { pinned: q.pinned, search: q.search || undefined };
      const positions = [q.after, q.before, q.around, q.page > 1 ? q.page : undefined];
      if (positions.filter((p) => p !== undefined).length > 1) throw badQuery('page', POSTS_ONE_POSITION);
      if ((q.around !== undefined || q.before !== undefined) && (f.pinned || f.search)) {
        throw badQuery(q.around !== undefined ? 'around' : 'before', AROUND_WHOLE_THREAD);
      }
      // A client that holds this answer already (its ETag in If-None-Match) gets a 304, nothing read.
      const etag = postsPageEtag(loaded.thread, extra, request.user!.id, request.url);
      const conditional = { etag, 'cache-control': POSTS_PAGE_CACHE_CONTROL };
      if (notModified(request.headers['if-none-match'], etag))
        return reply.code(304).headers(conditional).send();
      const json = 'application/json; charset=utf-8';
      // Another call of the same caller asked for this answer already (page-cache.ts).
      const cache = answerCache(db);
      const kept = cache.get(etag);
      if (kept) return reply.type(json).headers(conditional).send(kept);
      // around: the page that holds the post (its ids are fixed, so the ETag's URL and version still name it).
      let pageNumber = q.page;
      if (q.around !== undefined) {
        const holding = await pageHolding(db, loaded.thread.id, q.around, q.page_size);
        if (holding === null) throw badQuery('around', AROUND_NOT_IN_THREAD);
        pageNumber = holding;
      }
      const page = await listPosts(db, loaded.thread, loaded.lastRead, request.user!.id, f, {
        limit: q.page_size,
        offset: q.around !== undefined ? (pageNumber - 1) * q.page_size : (q.page - 1) * q.page_size,
        after: q.after,
        before: q.before,
      });
      if (q.page > 1 && page.results.length === 0) {
        throw new HttpError(400, PAGE_PAST_END, { page: [PAGE_PAST_END] });
      }
      const first = page.results[0]?.id;
      const last = page.results.at(-1)?.id;
      const link = (key: 'after' | 'before', id: number | undefined, when: boolean) =>
        when && id !== undefined ? keysetLink(request, key, id, q.page_size) : null;
      const keyset = q.after !== undefined || q.before !== undefined || q.around !== undefined;
      const answer = !keyset
        ? toPage(request, q, page.count, page.results)
        : {
            count: page.count,
            // A `before` page's `more` says posts precede it; the anchor itself follows it.
            next: link('after', last, q.before !== undefined || page.more),
            previous: link(
              'before',
              first,
              q.before !== undefined ? page.more : q.around !== undefined && pageNumber > 1,
            ),
            results: page.results,
            ...(q.around !== undefined ? { page: pageNumber } : {}),
          };
      // Written as the response schema would write it (only the keys it names), once per answer kept.
      const bytes = Buffer.from(JSON.stringify(postsPage.parse(answer)));
      cache.set(etag, bytes);
      return reply.type(json).headers(conditional).send(bytes);
    },
  );

  r.post(
    '/api/case/thread/:id/posts/',
    {
      summary: 'Write a post (Markdown) or a reply (reply_to: a post of this thread; replies nest one level)',
      tags,
      access: 'user',
      params: idParams,
      body: postCreateSchema,
      response: { 201: postSchema },
    },
    async (request, reply) => {
      const readable = await readableThread(db, request.user!, request.params.id);
      if (readable.loaded.thread.archived) throw conflict(THREAD_ARCHIVED);
      const id = await createPost(db, context(request.user!, readable), request.body);
      return reply.code(201).send(await postView(db, id, request.user!.id));
    },
  );

  r.get(
    '/api/case/thread/post/:id/',
    { summary: 'A post', tags, access: 'user', params: idParams, response: { 200: postSchema } },
    async (request) => {
      const { post } = await readablePost(request.user!, request.params.id);
      return postView(db, post.id, request.user!.id);
    },
  );

  r.patch(
    '/api/case/thread/post/:id/',
    {
      summary: "Edit a post's content (its author; the earlier text is kept) or pin/unpin it (staff)",
      tags,
      access: 'user',
      params: idParams,
      body: postUpdateSchema,
      response: { 200: postSchema },
    },
    async (request) => {
      const { post, readable } = await readablePost(request.user!, request.params.id);
      const { access } = readable;
      if (request.body.content !== undefined && !can('post.edit', access, post)) {
        throw new HttpError(403, ONLY_AUTHOR_EDITS, { content: [ONLY_AUTHOR_EDITS] });
      }
      if (request.body.pinned !== undefined && !can('post.pin', access, post)) {
        throw new HttpError(403, ONLY_STAFF_PINS, { pinned: [ONLY_STAFF_PINS] });
      }
      if (post.deletedAt !== null) throw conflict(POST_REMOVED);
      if (readable.loaded.thread.archived) throw conflict(THREAD_ARCHIVED);
      await updatePost(db, context(request.user!, readable), post, request.body);
      return postView(db, post.id, request.user!.id);
    },
  );

  r.delete(
    '/api/case/thread/post/:id/',
    {
      summary: 'Remove a post (its author or staff): a "post removed" marker stays for its replies',
      tags,
      access: 'user',
      params: idParams,
      response: { 204: noContent },
    },
    async (request, reply) => {
      const { post, readable } = await readablePost(request.user!, request.params.id);
      if (!can('post.delete', readable.access, post)) throw forbidden();
      if (post.deletedAt !== null) throw notFound(POST_REMOVED);
      await removePost(db, post, request.user!.id);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/case/thread/post/:id/react/',
    {
      summary: "Toggle the caller's reaction to a post (one of a fixed set of emoji names)",
      tags,
      access: 'user',
      params: idParams,
      body: reactSchema,
      response: { 200: postSchema },
    },
    async (request) => {
      const { post, readable } = await readablePost(request.user!, request.params.id);
      if (post.deletedAt !== null) throw conflict(POST_REMOVED);
      if (readable.loaded.thread.archived) throw conflict(THREAD_ARCHIVED);
      await toggleReaction(db, post, request.user!.id, request.body.reaction);
      return postView(db, post.id, request.user!.id);
    },
  );

  // The composer's Preview (posts and the advisory text): the very renderer posts and advisories are written
  // with, so what is previewed is byte for byte what is published. It reads and writes nothing, hence no case
  // scope; the body is bounded like a post's.
  r.post(
    '/api/markdown/preview/',
    {
      summary:
        'Markdown rendered and sanitised exactly as a post or advisory is when saved (nothing is stored)',
      tags,
      access: 'user',
      body: markdownPreviewSchema,
      response: { 200: markdownPreviewAnswerSchema },
    },
    async (request) => ({ html: renderer.render(request.body.text) }),
  );

  r.get(
    '/case/thread/post/diff/:id/',
    {
      summary: "A post's versions, oldest first, with a line diff between consecutive versions",
      tags,
      access: 'user',
      params: idParams,
      response: { 200: postHistorySchema },
    },
    async (request) => {
      const { post } = await readablePost(request.user!, request.params.id);
      if (post.deletedAt !== null) throw notFound(POST_REMOVED);
      return postHistory(db, post);
    },
  );
}

// Threads and posts (issue 10): a case's conversation. Zod schemas validate on both sides; interfaces are
// the answers. Times are ISO 8601 UTC strings.
import { z } from 'zod';
import { idParam, idValue } from '../ids/index.ts';
import { CASE_ROLES } from '../cases/roles.ts';
import { userRefSchema } from '../cases/user-ref.ts';
import { REACTIONS } from './reactions.ts';
import type { PageOf } from '../http/index.ts';

import { POST_MAX_LENGTH, THREAD_SUBJECT_MAX } from './limits.ts';

export { THREAD_SUBJECT_MAX, POST_MAX_LENGTH, POSTS_MAX_PAGE_SIZE } from './limits.ts';

const idList = z
  .union([idValue, z.array(idValue)])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.number()).max(500));

/** A restricted thread needs someone to be open to (leave `participants` out for a thread open to all). */
export const THREAD_HAS_NO_PARTICIPANTS =
  'Choose at least one participant, or leave participants out for a thread open to every participant.';
/** Messages of refused thread and post changes (the API answers them in `detail` / `errors`). */
export const THREAD_ARCHIVED = 'This thread is archived: unarchive it to post, edit or react.';
export const REPLY_OTHER_THREAD = 'You can only reply to a post in this thread.';
export const REPLY_TO_REMOVED = 'This post was removed: reply to another one.';
export const POST_REMOVED = 'This post was removed.';
export const ONLY_AUTHOR_EDITS = 'Only its author can edit a post.';
export const ONLY_STAFF_PINS = 'Only coordinators can pin posts.';
/** Refusals of the posts list's paging parameters (the API answers them in `errors`). */
export const POSTS_ONE_POSITION = 'Use one of after, before, around or page.';
export const AROUND_WHOLE_THREAD = 'around finds a post in the whole thread: leave out pinned and search.';
export const AROUND_NOT_IN_THREAD = 'This thread has no post with this id.';

/**
 * POST /api/case/{id}/threads/ (staff): `participants` (case participant ids of this case) restricts the
 * thread to them (and staff); left out, the thread is open to every participant. An empty list is refused.
 */
export const threadCreateSchema = z.object({
  subject: z.string().trim().min(1, 'This field is required.').max(THREAD_SUBJECT_MAX),
  participants: idList.optional(),
  official: z.boolean().optional(),
});

/** PATCH /api/case/thread/{id}/ (staff). */
export const threadUpdateSchema = z
  .object({
    subject: z.string().trim().min(1, 'This field is required.').max(THREAD_SUBJECT_MAX).optional(),
    official: z.boolean().optional(),
    archived: z.boolean().optional(),
  })
  .strict();

export const threadListQuery = z.object({
  official: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});

export const threadSchema = z.object({
  id: z.number().int(),
  case: z.number().int(),
  subject: z.string(),
  official: z.boolean(),
  archived: z.boolean(),
  restricted: z.boolean().describe('Open only to some participants (and staff).'),
  created: z.string(),
  created_by: userRefSchema.nullable(),
  last_post: z.string().nullable(),
  post_count: z.number().int(),
  /** Counted up to 1000: a reader far behind in a long thread would otherwise cost a count over all of it. */
  unread: z
    .number()
    .int()
    .describe('Posts by others the caller has not read, counted up to 1000: 1000 means "1000 or more".'),
});
export type Thread = z.infer<typeof threadSchema>;

/** GET /api/case/thread/{id}/participants/: who a restricted thread is open to (all participants if open). */
export const threadParticipantSchema = z.object({
  id: z
    .number()
    .int()
    .nullable()
    .describe(
      'The thread_participants row (DELETE /api/case/thread/participant/{id}/); null for an open thread.',
    ),
  participant: z.number().int().describe('The case participant.'),
  kind: z.enum(['user', 'group']),
  name: z.string(),
  role: z.enum(CASE_ROLES),
});
export type ThreadParticipant = z.infer<typeof threadParticipantSchema>;

export const postCreateSchema = z.object({
  content: z
    .string()
    .refine((s) => s.trim().length > 0, 'This field is required.')
    .pipe(z.string().max(POST_MAX_LENGTH, `A post can be at most ${POST_MAX_LENGTH} characters.`)),
  reply_to: idValue.optional(),
});

/** PATCH /api/case/thread/post/{id}/: `content` (its author) or `pinned` (staff). */
/**
 * POST /api/markdown/preview/: Markdown as the server will render it for a post or an advisory (both bodies
 * are bounded alike). Empty text is allowed: it previews as nothing.
 */
export const markdownPreviewSchema = z.object({
  text: z.string().max(POST_MAX_LENGTH, `A preview can be at most ${POST_MAX_LENGTH} characters.`),
});
export type MarkdownPreviewBody = z.infer<typeof markdownPreviewSchema>;
export const markdownPreviewAnswerSchema = z.object({ html: z.string() });
export type MarkdownPreview = z.infer<typeof markdownPreviewAnswerSchema>;

export const postUpdateSchema = z
  .object({
    content: postCreateSchema.shape.content.optional(),
    pinned: z.boolean().optional(),
  })
  .strict()
  .refine((v) => v.content !== undefined || v.pinned !== undefined, { message: 'Send content or pinned.' });

export const postListQuery = z.object({
  /**
   * Keyset paging ("Load more"): the posts after this post id, `page_size` of them (every such page costs
   * what the first does; `page` counts from the start of the list). Not combined with `page` > 1.
   */
  after: idParam.optional(),
  /** Keyset paging backwards: the `page_size` posts before this post id (still oldest first). */
  before: idParam.optional(),
  /**
   * The page (of `page_size`, counted from the thread's first post) that holds this post: how a reader lands
   * at their first unread post, or at the post they just wrote, without loading the pages before it.
   */
  around: idParam.optional(),
  pinned: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  search: z.string().trim().max(200).optional(),
});

export { REACTIONS, REACTION_EMOJI, type Reaction } from './reactions.ts';

export const reactSchema = z.object({
  reaction: z.enum(REACTIONS, `Unknown reaction: use one of ${REACTIONS.join(', ')}.`),
});

/** A post's author as the wire shows them. */
export const postAuthorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  group: z
    .object({ id: z.number().int(), name: z.string() })
    .nullable()
    .describe('The group they wrote for (a vendor member), if any.'),
});
export type PostAuthor = z.infer<typeof postAuthorSchema>;

/** One reaction of a post: how many gave it, and whether the caller is among them. */
export const reactionCountSchema = z.object({
  reaction: z.enum(REACTIONS),
  count: z.number().int(),
  mine: z.boolean().describe('The caller reacted so.'),
});
export type ReactionCount = z.infer<typeof reactionCountSchema>;

/** A post as every post call answers it (the list's results, the detail, create, edit, react). */
export const postSchema = z.object({
  id: z.number().int(),
  thread: z.number().int(),
  content: z.string().describe("Markdown source ('' once deleted)."),
  html: z.string().describe("Rendered on the server and sanitised ('' once deleted)."),
  author: postAuthorSchema.nullable(),
  external_author: z
    .string()
    .nullable()
    .describe(
      'A post received from another instance: its author as that instance named them (author is null).',
    ),
  created: z.string(),
  modified: z.string(),
  edited: z.boolean(),
  pinned: z.boolean(),
  reply_to: z.number().int().nullable(),
  reactions: z.array(reactionCountSchema),
  replies: z.number().int(),
  deleted: z.boolean().describe('A removed post stays as a marker for its replies.'),
});
export type Post = z.infer<typeof postSchema>;
/** A page of posts; `page` (1-based) is the page number an `around` call landed on. */
export type PostsPage = PageOf<Post> & { page?: number };

/**
 * GET /api/case/thread/{id}/read/: where the caller stands in a thread — what opening it lands on. Posts by
 * others after `last_read_post` are new to them; `first_unread_post` is the first of those (null: nothing
 * new) and `latest_post` the thread's last post ("Jump to latest").
 */
export const threadReadSchema = z.object({
  thread: z.number().int(),
  last_read_post: z.number().int().describe('0 when the caller has read nothing of the thread.'),
  first_unread_post: z
    .number()
    .int()
    .nullable()
    .describe('The first post by someone else after last_read_post (null: nothing new).'),
  latest_post: z.number().int().nullable(),
  unread: threadSchema.shape.unread,
  read_at: z.string().nullable().describe('When the caller last read the thread (null: never).'),
});
export type ThreadRead = z.infer<typeof threadReadSchema>;

/** Who wrote a version of a post: id and name (the shape of cases' UserRef). */
const postEditorSchema = z.object({ id: z.number().int(), name: z.string() });

/** GET /case/thread/post/diff/{id}/: the versions, oldest first (the last is the current text), and a line
 * diff between consecutive versions. */
export const postHistorySchema = z.object({
  post: z.number().int(),
  versions: z.array(
    z.object({ content: z.string(), date: z.string(), edited_by: postEditorSchema.nullable() }),
  ),
  diffs: z.array(z.object({ from: z.number().int(), to: z.number().int(), patch: z.string() })),
});
export type PostHistory = z.infer<typeof postHistorySchema>;

/** What the live channel pushes: ids only; the page refetches what changed. */
export interface ThreadEvent {
  thread: number;
  post: number;
  op: 'insert' | 'update' | 'delete';
  table: 'posts' | 'post_reactions';
}

// One thread: pinned posts on top, then the posts in order (oldest or newest first, as the reader last chose)
// with their replies nested one level, search within the thread, a reply or new post with a file attached,
// and live updates. A long thread opens at the reader's first new post under an "N new since your last
// visit" marker and loads older and newer pages (100 each) around it; "Jump to latest" and a post just
// written move the view to that post, whatever page it is on.
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import type { Post } from '@cvdp/core';
import { toast } from '../../../lib/toast.ts';
import { parseRouteId } from '../../../lib/route-id.ts';
import { fieldErrors, isNotFound } from '../../../lib/api-client.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { PageSpinner } from '../../../components/PageSpinner.tsx';
import { useCaseStaff } from '../../../lib/case-caller-metadata.ts';
import { artifactDownloadHref } from '../../../lib/case-artifacts.ts';
import { useCurrentUser } from '../../auth/index.ts';
import { ThreadFollowControl } from '../../notifications/index.ts';
import {
  useCreatePost,
  usePinnedPosts,
  useThread,
  useThreadEvents,
  useThreadPosts,
  useThreadRead,
  fetchThreadRead,
  useUpdateThread,
  useUploadToThread,
} from '../api/index.ts';
import { FileUpload } from './FileUpload.tsx';
import { PostEditor } from './PostEditor.tsx';
import { PostItem } from './PostItem.tsx';
import { ThreadBadges } from './ThreadsTab.tsx';

/** Top-level posts with their replies; a reply whose post is not loaded stands on its own. */
export function nestPosts(posts: Post[], skip: ReadonlySet<number> = new Set()) {
  const ids = new Set(posts.map((p) => p.id));
  const replies = new Map<number, Post[]>();
  const roots: Post[] = [];
  for (const p of posts) {
    if (skip.has(p.id)) continue;
    if (p.reply_to !== null && (ids.has(p.reply_to) || skip.has(p.reply_to))) {
      replies.set(p.reply_to, [...(replies.get(p.reply_to) ?? []), p]);
    } else roots.push(p);
  }
  return { roots, replies };
}

/** Oldest or newest first. */
export type PostOrder = 'oldest' | 'newest';

/**
 * The reader's order is kept in this browser (localStorage, per user), not on the server: the view needs it
 * before its first page is asked for (newest first opens at the latest post), and a server-side setting
 * would add a round trip to every thread's opening for a display choice that gives nobody access to anything.
 */
const orderKey = (userId: number | null) => `cvdp.thread-order.${userId ?? 'anonymous'}`;

function useRememberedOrder(userId: number | null): [PostOrder, (order: PostOrder) => void] {
  const [order, setOrder] = useState<PostOrder>(() =>
    localStorage.getItem(orderKey(userId)) === 'newest' ? 'newest' : 'oldest',
  );
  const choose = (next: PostOrder) => {
    localStorage.setItem(orderKey(userId), next);
    setOrder(next);
  };
  return [order, choose];
}

/** Where the view stands: the post it opened at or was moved to, and whether to bring it into view. */
interface Anchor {
  post: number | null;
  /** Bring the post into view (and focus it) once its page is shown. */
  scroll: boolean;
}

export function ThreadView({
  caseId,
  threadId,
  onBack,
}: {
  caseId: number;
  threadId: number;
  onBack: () => void;
}) {
  const staff = useCaseStaff(caseId);
  const me = useCurrentUser().user?.id ?? null;
  const poll = useThreadEvents(threadId, caseId);
  const [search, setSearch] = useState('');
  const [searchInput, setSearchInput] = useState('');
  const [replyTo, setReplyTo] = useState<Post | null>(null);
  const [order, setOrder] = useRememberedOrder(me);
  const [params] = useSearchParams();
  const linked = parseRouteId(params.get('post') ?? undefined);

  const thread = useThread(threadId);
  const read = useThreadRead(threadId);
  // Where the thread opens: a linked post, else the first new one, else the latest when newest come first.
  const [anchor, setAnchor] = useState<Anchor | null>(null);
  const opening = read.data
    ? (linked ?? read.data.first_unread_post ?? (order === 'newest' ? read.data.latest_post : null))
    : null;
  const at: Anchor | null =
    anchor ?? (read.data || read.error ? { post: opening, scroll: opening !== null } : null);
  // Reading the posts marks them read on the server: the hook refreshes the list's unread counts.
  const pages = useThreadPosts(threadId, caseId, search, poll, at?.post ?? null, at !== null);
  const pinned = usePinnedPosts(threadId, poll);
  const archive = useUpdateThread(threadId, caseId);
  // Replies written here, shown under their post at once (a reply is the thread's newest post: its page may
  // be one the view has not loaded).
  const [written, setWritten] = useState<Post[]>([]);

  const posts = useMemo(() => {
    const loaded = pages.data?.pages.flatMap((p) => p.results) ?? [];
    const ids = new Set(loaded.map((p) => p.id));
    const extra = search ? [] : written.filter((p) => !ids.has(p.id));
    return extra.length ? [...loaded, ...extra].sort((a, b) => a.id - b.id) : loaded;
  }, [pages.data, written, search]);
  const pinnedPosts = useMemo(() => (search ? [] : (pinned.data ?? [])), [pinned.data, search]);
  const pinnedIds = useMemo(() => new Set(pinnedPosts.map((p) => p.id)), [pinnedPosts]);
  const { roots, replies } = useMemo(() => {
    const nested = search
      ? { roots: posts, replies: new Map<number, Post[]>() }
      : nestPosts(posts, pinnedIds);
    return order === 'newest' && !search ? { ...nested, roots: [...nested.roots].reverse() } : nested;
  }, [posts, pinnedIds, search, order]);

  // The post the view was moved to comes into view (and takes focus, for a keyboard) once it is shown.
  const scrolled = useRef<number | null>(null);
  const target = at?.scroll ? at.post : null;
  const shown = target !== null && posts.some((p) => p.id === target);
  useEffect(() => {
    if (target === null || !shown || scrolled.current === target) return;
    const el = document.getElementById(`post-${target}`);
    if (!el) return;
    scrolled.current = target;
    // A jump, not an animation: Bootstrap's reboot makes scrolling smooth, which would glide past up to a page
    // of posts for about a second before the post is in view (and restart each time the layout grows).
    const jump = { block: 'start', behavior: 'instant' } as const;
    el.scrollIntoView?.(jump);
    el.focus({ preventScroll: true });
    // Pages and rendered posts above it may still grow for a moment (a page loaded beside it, Markdown laid
    // out): keep the post in view while the layout settles, unless the reader scrolls or types first.
    if (typeof ResizeObserver === 'undefined') return;
    const keep = new ResizeObserver(() => el.scrollIntoView?.(jump));
    const release = () => keep.disconnect();
    keep.observe(document.body);
    const timer = window.setTimeout(release, 1500);
    const inputs = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    for (const kind of inputs) window.addEventListener(kind, release, { once: true, passive: true });
    return () => {
      release();
      window.clearTimeout(timer);
      for (const kind of inputs) window.removeEventListener(kind, release);
    };
  }, [target, shown]);

  const moveTo = (post: number) => {
    scrolled.current = null;
    setAnchor({ post, scroll: true });
  };
  const jumpToLatest = async () => {
    // Asked afresh (posts may have come since the thread was opened); the marker keeps its opening answer.
    const now = await fetchThreadRead(threadId);
    if (now.latest_post !== null) moveTo(now.latest_post);
  };
  const onWritten = (post: Post) => {
    if (post.reply_to !== null) setWritten((w) => [...w, post]);
    else moveTo(post.id);
    toast(post.reply_to !== null ? 'Your reply is posted.' : 'Your post is in the thread.');
  };
  // "N new since your last visit" above the first post that was new when the thread was opened.
  const firstNew = read.data?.first_unread_post ?? null;
  const newCount = read.data?.unread ?? 0;

  if (thread.isPending) return <PageSpinner label="Loading the thread…" />;
  if (thread.error) {
    return (
      <section>
        <Button variant="link" className="px-0" onClick={onBack}>
          ← All threads
        </Button>
        {isNotFound(thread.error) ? (
          <p>This thread does not exist or is not open to you.</p>
        ) : (
          <ErrorAlert error={thread.error} />
        )}
      </section>
    );
  }
  const t = thread.data;
  const readOnly = t.archived;
  const composer = <Composer threadId={threadId} caseId={caseId} readOnly={readOnly} onWritten={onWritten} />;

  const renderPost = (p: Post, nested: boolean) => (
    <div key={p.id} id={`post-${p.id}`} tabIndex={-1} className="thread-post">
      {!search && p.id === firstNew && (
        <p className="fw-semibold small border-top border-primary border-2 pt-1 mb-2" role="note">
          {newCount >= 1000 ? '1000+' : newCount} new since your last visit
        </p>
      )}
      <PostItem
        key={p.id}
        post={p}
        me={me}
        staff={staff}
        readOnly={readOnly}
        onReply={nested || search ? undefined : (post) => setReplyTo(post)}
      >
        {!nested && (replies.get(p.id)?.length ?? 0) > 0 && (
          <div className="ms-3 ms-md-4 mt-2" role="list" aria-label="Replies">
            {replies.get(p.id)!.map((r) => (
              <div role="listitem" key={r.id}>
                {renderPost(r, true)}
              </div>
            ))}
          </div>
        )}
        {!nested && replyTo?.id === p.id && (
          <div className="ms-3 ms-md-4 mt-2">
            <ReplyBox
              threadId={threadId}
              caseId={caseId}
              post={p}
              onDone={() => setReplyTo(null)}
              onWritten={onWritten}
            />
          </div>
        )}
      </PostItem>
    </div>
  );

  const loadButton = (direction: 'older' | 'newer') => {
    const newer = direction === 'newer';
    const more = newer ? pages.hasNextPage : pages.hasPreviousPage;
    const busy = newer ? pages.isFetchingNextPage : pages.isFetchingPreviousPage;
    if (!more) return null;
    return (
      <Button
        variant="outline-primary"
        size="sm"
        className="mb-2"
        disabled={busy}
        onClick={() => void (newer ? pages.fetchNextPage() : pages.fetchPreviousPage())}
      >
        {busy ? 'Loading...' : newer ? 'Load newer posts' : 'Load older posts'}
      </Button>
    );
  };
  const [top, bottom] = order === 'newest' ? (['newer', 'older'] as const) : (['older', 'newer'] as const);

  return (
    <section aria-labelledby="thread-title">
      <Button variant="link" className="px-0" onClick={onBack}>
        ← All threads
      </Button>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <h2 id="thread-title" className="h5 mb-0 me-auto text-break">
          {t.subject} <ThreadBadges thread={t} />
        </h2>
        <Suspense fallback={null}>
          <ThreadFollowControl threadId={t.id} />
        </Suspense>
        {staff && (
          <>
            <Button
              size="sm"
              variant="outline-primary"
              disabled={archive.isPending}
              onClick={() => archive.mutate({ official: !t.official })}
            >
              {t.official ? 'Mark not official' : 'Mark official'}
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={archive.isPending}
              onClick={() => archive.mutate({ archived: !t.archived })}
            >
              {t.archived ? 'Unarchive' : 'Archive'}
            </Button>
          </>
        )}
      </div>
      <ErrorAlert error={archive.error} />
      {readOnly && (
        <p className="text-body-secondary">This thread is archived: it can be read but takes no new posts.</p>
      )}

      <Form
        role="search"
        className="mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(searchInput.trim());
        }}
      >
        {/* Bootstrap's input-group classes: react-bootstrap's InputGroup sits in the chunk with Popper and the
            people picker, which the thread view would load for it (bench/thread-view.bench.ts). */}
        <div className="input-group input-group-sm">
          <Form.Control
            aria-label="Search this thread"
            placeholder="Search this thread"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
          />
          <Button type="submit" variant="outline-primary">
            Search
          </Button>
          {search && (
            <Button
              variant="outline-secondary"
              onClick={() => {
                setSearch('');
                setSearchInput('');
              }}
            >
              Clear
            </Button>
          )}
        </div>
      </Form>

      {!search && (
        <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
          <div role="group" aria-label="Order of posts" className="btn-group btn-group-sm">
            {(['oldest', 'newest'] as const).map((o) => (
              <Button
                key={o}
                variant={order === o ? 'primary' : 'outline-primary'}
                aria-pressed={order === o}
                onClick={() => {
                  setOrder(o);
                  if (o === 'newest' && anchor === null && opening === null && read.data?.latest_post) {
                    setAnchor({ post: read.data.latest_post, scroll: false });
                  }
                }}
              >
                {o === 'oldest' ? 'Oldest first' : 'Newest first'}
              </Button>
            ))}
          </div>
          <Button size="sm" variant="outline-secondary" onClick={() => void jumpToLatest()}>
            Jump to latest
          </Button>
        </div>
      )}

      {pinnedPosts.length > 0 && (
        <section aria-label="Pinned posts" className="mb-3">
          <h3 className="h6">Pinned</h3>
          {pinnedPosts.map((p) => renderPost(p, false))}
        </section>
      )}

      <section aria-label={search ? 'Search results' : 'Posts'}>
        {search && (
          <p className="small text-body-secondary">
            {pages.data ? `${pages.data.pages[0]?.count ?? 0} posts match “${search}”.` : ''}
          </p>
        )}
        {pages.isPending && <PageSpinner label="Loading the posts…" />}
        <ErrorAlert error={pages.error ?? pinned.error} />
        {pages.data && roots.length === 0 && pinnedPosts.length === 0 && (
          <p className="text-body-secondary">{search ? 'No posts match.' : 'No posts yet.'}</p>
        )}
        {loadButton(top)}
        {roots.map((p) => renderPost(p, false))}
        {loadButton(bottom)}
      </section>
      {composer}
    </section>
  );
}

function ReplyBox({
  threadId,
  caseId,
  post,
  onDone,
  onWritten,
}: {
  threadId: number;
  caseId: number;
  post: Post;
  onDone: () => void;
  onWritten: (post: Post) => void;
}) {
  const [draft, setDraft] = useState('');
  const reply = useCreatePost(threadId, caseId);
  const error = fieldErrors(reply.error).content?.[0];
  return (
    <>
      <PostEditor
        label={`Reply to ${post.author?.name ?? 'the post'}`}
        value={draft}
        onChange={setDraft}
        onSubmit={() =>
          reply.mutate(
            { content: draft, replyTo: post.id },
            {
              onSuccess: (written) => {
                setDraft('');
                onDone();
                onWritten(written);
              },
            },
          )
        }
        onCancel={onDone}
        submitText="Send reply"
        busy={reply.isPending}
        error={error}
        autoFocus
      />
      {!error && <ErrorAlert error={reply.error} />}
    </>
  );
}

function Composer({
  threadId,
  caseId,
  readOnly,
  onWritten,
}: {
  threadId: number;
  caseId: number;
  readOnly: boolean;
  onWritten: (post: Post) => void;
}) {
  const [draft, setDraft] = useState('');
  const send = useCreatePost(threadId, caseId);
  const attach = useUploadToThread(threadId, caseId);
  if (readOnly) return null;
  const error = fieldErrors(send.error).content?.[0];
  return (
    <section aria-labelledby="new-post-title" className="mt-3 border-top pt-3">
      <h3 id="new-post-title" className="h6">
        New post
      </h3>
      <PostEditor
        label="New post"
        value={draft}
        onChange={setDraft}
        onSubmit={() =>
          send.mutate(
            { content: draft },
            {
              onSuccess: (written) => {
                setDraft('');
                onWritten(written);
              },
            },
          )
        }
        submitText="Post"
        busy={send.isPending}
        error={error}
      />
      {!error && <ErrorAlert error={send.error} />}
      <div className="mt-2">
        <FileUpload
          label="Attach a file"
          upload={(file, onProgress) => attach.mutateAsync({ file, onProgress })}
          onUploaded={(a) => {
            // The file joins the case's artifacts (the hook refreshes them); the post links to it.
            const link = `[${a.file_name.replace(/[[\]\\]/g, '\\$&')}](${artifactDownloadHref(a)})`;
            setDraft((d) => (d.trim() ? `${d.replace(/\s+$/, '')}\n\n${link}` : link));
          }}
        />
      </div>
    </section>
  );
}

// One thread: pinned posts on top, then the posts in order with their replies nested one level, "Load more"
// for the next 100, search within the thread, a reply or new post with a file attached, and live updates.
import { Suspense, useMemo, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import type { Post } from '@cvdp/core';
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

  const thread = useThread(threadId);
  // Reading the posts marks them read on the server: the hook refreshes the list's unread counts.
  const pages = useThreadPosts(threadId, caseId, search, poll);
  const pinned = usePinnedPosts(threadId, poll);
  const archive = useUpdateThread(threadId, caseId);

  const posts = useMemo(() => pages.data?.pages.flatMap((p) => p.results) ?? [], [pages.data]);
  const pinnedPosts = useMemo(() => (search ? [] : (pinned.data ?? [])), [pinned.data, search]);
  const pinnedIds = useMemo(() => new Set(pinnedPosts.map((p) => p.id)), [pinnedPosts]);
  const { roots, replies } = useMemo(
    () => (search ? { roots: posts, replies: new Map<number, Post[]>() } : nestPosts(posts, pinnedIds)),
    [posts, pinnedIds, search],
  );

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
  const composer = <Composer threadId={threadId} caseId={caseId} readOnly={readOnly} />;

  const renderPost = (p: Post, nested: boolean) => (
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
          <ReplyBox threadId={threadId} caseId={caseId} post={p} onDone={() => setReplyTo(null)} />
        </div>
      )}
    </PostItem>
  );

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
        {roots.map((p) => renderPost(p, false))}
        {pages.hasNextPage && (
          <Button
            variant="outline-primary"
            size="sm"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {pages.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        )}
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
}: {
  threadId: number;
  caseId: number;
  post: Post;
  onDone: () => void;
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
              onSuccess: () => {
                setDraft('');
                onDone();
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

function Composer({ threadId, caseId, readOnly }: { threadId: number; caseId: number; readOnly: boolean }) {
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
        onSubmit={() => send.mutate({ content: draft }, { onSuccess: () => setDraft('') })}
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

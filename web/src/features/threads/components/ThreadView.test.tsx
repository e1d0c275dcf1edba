import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The first render loads the components: give it time on a busy machine. */
const SLOW = { timeout: 5000 };
import type { PageOf, Post, Thread } from '@cvdp/core';
import { fakeThreadCalls } from '../test-utils.ts';
import { ThreadView } from './ThreadView.tsx';

vi.mock('../../auth/index.ts', () => ({
  useCurrentUser: () => ({ user: { id: 1, name: 'Cora', email: 'c@x', roles: ['coordinator'], groups: [] } }),
}));
afterEach(() => vi.restoreAllMocks());

let calls: ReturnType<typeof fakeThreadCalls>;

const THREAD: Thread = {
  id: 3,
  case: 5,
  subject: 'Patch timeline',
  official: false,
  archived: false,
  restricted: false,
  created: '2026-05-01T10:00:00Z',
  created_by: { id: 1, name: 'Cora' },
  last_post: '2026-05-02T10:00:00Z',
  post_count: 3,
  unread: 0,
};

const post = (id: number, over: Partial<Post> = {}): Post => ({
  id,
  thread: 3,
  content: `Post ${id}`,
  html: `<p>Post ${id}</p>`,
  author: { id: 2, name: 'Vera Vendor', group: { id: 9, name: 'Acme PSIRT' } },
  external_author: null,
  created: '2026-05-01T10:00:00Z',
  modified: '2026-05-01T10:00:00Z',
  edited: false,
  pinned: false,
  reply_to: null,
  reactions: [],
  replies: 0,
  deleted: false,
  ...over,
});

const page = (results: Post[], next: string | null = null, count = results.length): PageOf<Post> => ({
  count,
  next,
  previous: null,
  results,
});

/** A live-event source the test drives (jsdom has none). */
class FakeEventSource {
  static readonly CLOSED = 2;
  static last: FakeEventSource | undefined;
  onmessage: ((e: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  readyState = 1;
  closed = false;
  listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(
    public url: string,
    public init?: EventSourceInit,
  ) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: (e: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, data: unknown) {
    const message = new MessageEvent('message', { data: JSON.stringify(data) });
    for (const l of this.listeners.get(name) ?? []) l(message);
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => {
  calls = fakeThreadCalls();
  vi.stubGlobal('EventSource', FakeEventSource);
  calls.fetchThread.mockResolvedValue(THREAD);
  calls.fetchPinnedPosts.mockResolvedValue([]);
  calls.fetchCaseCallerMetadata.mockResolvedValue({
    case: 5,
    staff: true,
    role: 'owner',
    roles: ['owner'],
    permissions: {} as never,
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ThreadView caseId={5} threadId={3} onBack={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ThreadView', () => {
  it('shows pinned posts on top and replies nested under their post', async () => {
    const pinned = post(7, { pinned: true, html: '<p>Pinned plan</p>' });
    calls.fetchPinnedPosts.mockResolvedValue([pinned]);
    calls.fetchPosts.mockResolvedValue(
      page([post(1, { html: '<p>First</p>' }), post(2, { reply_to: 1, html: '<p>A reply</p>' }), pinned]),
    );
    renderView();
    const pinnedSection = await screen.findByRole('region', { name: 'Pinned posts' }, SLOW);
    expect(within(pinnedSection).getByText('Pinned plan')).toBeInTheDocument();
    // The pinned post is first on the page and not repeated below.
    const articles = screen.getAllByRole('article');
    expect(articles[0]).toHaveTextContent('Pinned plan');
    expect(screen.getAllByText('Pinned plan')).toHaveLength(1);
    // The reply sits inside its post, under "Replies".
    const first = articles.find((a) => a.textContent?.includes('First'))!;
    const replies = within(first).getByRole('list', { name: 'Replies' });
    expect(within(replies).getByText('A reply')).toBeInTheDocument();
    // Replies take no replies of their own (one level).
    expect(within(replies).queryByRole('button', { name: /^Reply to/ })).not.toBeInTheDocument();
    // Live updates: the thread's event stream is opened with credentials.
    expect(FakeEventSource.last?.url).toBe('/api/case/thread/3/events/');
    expect(FakeEventSource.last?.init).toEqual({ withCredentials: true });
  });

  it('replies to a post with reply_to', async () => {
    calls.fetchPosts.mockResolvedValue(page([post(1)]));
    calls.createPost.mockResolvedValue(post(4, { reply_to: 1 }));
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: /^Reply to post 1 by / }, SLOW));
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply to Vera Vendor' }), 'Thanks!');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(calls.createPost).toHaveBeenCalledWith(3, 'Thanks!', 1));
  });

  it('toggles a reaction and shows counts with the caller’s own pressed', async () => {
    calls.fetchPosts.mockResolvedValue(
      page([post(1, { reactions: [{ reaction: 'heart', count: 2, mine: true }] })]),
    );
    calls.reactToPost.mockResolvedValue(post(1));
    renderView();
    const heart = await screen.findByRole('button', { name: /^heart: 2, yours, on post 1 by / }, SLOW);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(heart);
    expect(calls.reactToPost).toHaveBeenCalledWith(1, 'heart');
    await userEvent.click(screen.getByRole('button', { name: /^Add a reaction to post 1 by / }));
    await userEvent.click(screen.getByRole('button', { name: /^rocket on post 1 by / }));
    expect(calls.reactToPost).toHaveBeenCalledWith(1, 'rocket');
  });

  it('edits the caller’s own post, marks it edited and shows the history with the diff', async () => {
    const mine = post(5, {
      author: { id: 1, name: 'Cora', group: null },
      content: 'Fix in 2.1',
      html: '<p>Fix in 2.1</p>',
    });
    calls.fetchPosts.mockResolvedValueOnce(page([mine, post(6)]));
    calls.updatePost.mockResolvedValue({ ...mine, content: 'Fix in 2.2', edited: true });
    renderView();
    const article = (await screen.findByText('Fix in 2.1', undefined, SLOW)).closest('article')!;
    // Only one's own post offers Edit.
    expect(screen.getAllByRole('button', { name: /^Edit post / })).toHaveLength(1);
    await userEvent.click(within(article).getByRole('button', { name: 'Edit post 5 by Cora' }));
    const box = within(article).getByRole('textbox', { name: 'Edit post' });
    expect(box).toHaveValue('Fix in 2.1');
    await userEvent.clear(box);
    await userEvent.type(box, 'Fix in 2.2');
    calls.fetchPosts.mockResolvedValue(
      page([{ ...mine, content: 'Fix in 2.2', html: '<p>Fix in 2.2</p>', edited: true }, post(6)]),
    );
    await userEvent.click(within(article).getByRole('button', { name: 'Save' }));
    expect(calls.updatePost).toHaveBeenCalledWith(5, { content: 'Fix in 2.2' });
    const edited = (await screen.findByText('Fix in 2.2')).closest('article')!;
    expect(within(edited).getByText('edited')).toBeInTheDocument();

    calls.fetchPostHistory.mockResolvedValue({
      post: 5,
      versions: [
        { content: 'Fix ships in May.', date: '2026-05-01T10:00:00Z', edited_by: { id: 1, name: 'Cora' } },
        { content: 'Fix ships in June.', date: '2026-05-02T10:00:00Z', edited_by: { id: 1, name: 'Cora' } },
      ],
      diffs: [
        {
          from: 0,
          to: 1,
          patch:
            'Index: post.md\n@@ -1 +1 @@\n-Fix ships in May.\n\\ No newline at end of file\n+Fix ships in June.\n',
        },
      ],
    });
    await userEvent.click(within(edited).getByRole('button', { name: 'History of post 5 by Cora' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post history' });
    // A word diff of the versions: what was removed and added, named for screen readers; no patch headers.
    const changes = await within(dialog).findByRole('figure', { name: 'Changes from version 1' });
    expect(changes.querySelector('del')).toHaveTextContent('[removed: May]');
    expect(changes.querySelector('ins')).toHaveTextContent('[added: June]');
    expect(changes).toHaveTextContent('Fix ships in [removed: May][added: June].');
    expect(dialog).not.toHaveTextContent(/Index:|No newline|@@/);
    expect(within(dialog).getByText(/Current version/)).toBeInTheDocument();
  });

  it('deletes after a confirmation and keeps a "Post removed" marker', async () => {
    calls.fetchPosts.mockResolvedValueOnce(page([post(1), post(2, { reply_to: 1 })]));
    calls.deletePost.mockResolvedValue(undefined);
    renderView();
    const first = (await screen.findByText('Post 1', undefined, SLOW)).closest('article')!;
    await userEvent.click(within(first).getByRole('button', { name: /^Delete post 1 by / }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete post' });
    expect(calls.deletePost).not.toHaveBeenCalled();
    calls.fetchPosts.mockResolvedValue(
      page([post(1, { deleted: true, content: '', html: '', author: null }), post(2, { reply_to: 1 })]),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(calls.deletePost).toHaveBeenCalledWith(1);
    expect(await screen.findByText('Post removed')).toBeInTheDocument();
    // The reply keeps its place under the marker.
    const marker = screen.getByText('Post removed').closest('article')!;
    expect(within(marker).getByText('Post 2')).toBeInTheDocument();
  });

  it('loads the next 100 posts with "Load newer posts"', async () => {
    calls.fetchPosts.mockImplementation((_thread, after) =>
      Promise.resolve(
        !after
          ? page([post(1, { html: '<p>Page one</p>' })], '/api/case/thread/3/posts/?after=1&page_size=100', 2)
          : page([post(2, { html: '<p>Page two</p>' })], null, 2),
      ),
    );
    renderView();
    expect(await screen.findByText('Page one', undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Page two')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load newer posts' }));
    expect(await screen.findByText('Page two')).toBeInTheDocument();
    // The next page is the one after the last post shown (keyset), not a page number.
    expect(calls.fetchPosts).toHaveBeenLastCalledWith(3, 1, '');
    expect(screen.queryByRole('button', { name: 'Load newer posts' })).not.toBeInTheDocument();
  });

  it('opens at the first new post under its marker, loads older posts before it, and remembers newest first', async () => {
    calls.fetchThreadRead.mockResolvedValue({
      thread: 3,
      last_read_post: 10,
      first_unread_post: 11,
      latest_post: 12,
      unread: 2,
      read_at: '2026-05-03T10:00:00Z',
    });
    calls.fetchPostsAt.mockImplementation((_thread, at) =>
      Promise.resolve(
        'around' in at
          ? { ...page([post(10), post(11), post(12)], null, 3), previous: '/x?before=10', page: 2 }
          : page([post(9, { html: '<p>Older</p>' })], null, 3),
      ),
    );
    // jsdom has no scrolling: record where the view is moved, and how (a jump, not Bootstrap's smooth glide).
    const scrolledTo: [string, unknown][] = [];
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement, options?: unknown) {
      scrolledTo.push([this.id, options]);
    };
    renderView();
    const marker = await screen.findByText('2 new since your last visit', undefined, SLOW);
    expect(marker.closest('[id]')).toHaveAttribute('id', 'post-11');
    await waitFor(() => expect(scrolledTo[0]).toEqual(['post-11', { block: 'start', behavior: 'instant' }]));
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
    expect(calls.fetchPostsAt).toHaveBeenCalledWith(3, { around: 11 });
    expect(calls.fetchPosts).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Load older posts' }));
    expect(await screen.findByText('Older')).toBeInTheDocument();
    expect(calls.fetchPostsAt).toHaveBeenLastCalledWith(3, { before: 10 });
    const ids = () => [...document.querySelectorAll('.thread-post')].map((e) => e.id);
    expect(ids()).toEqual(['post-9', 'post-10', 'post-11', 'post-12']);
    await userEvent.click(screen.getByRole('button', { name: 'Newest first' }));
    expect(ids()).toEqual(['post-12', 'post-11', 'post-10', 'post-9']);
    const kept = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)!);
    const key = kept.find((k) => k.startsWith('cvdp.thread-order.'))!;
    expect(localStorage.getItem(key)).toBe('newest');
    localStorage.clear();
  });

  it('searches within the thread', async () => {
    calls.fetchPosts.mockResolvedValue(page([post(1)]));
    renderView();
    await screen.findByText('Post 1', undefined, SLOW);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search this thread' }), 'timeline');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.fetchPosts).toHaveBeenLastCalledWith(3, 0, 'timeline'));
    expect(await screen.findByText('1 posts match “timeline”.')).toBeInTheDocument();
  });

  it('previews the draft as the server renders it, keeps the text, and shows a failed preview', async () => {
    calls.fetchPosts.mockResolvedValue(page([]));
    calls.fetchMarkdownPreview.mockResolvedValueOnce('<h1>Title</h1>\n<p><strong>bold</strong></p>\n');
    renderView();
    const box = await screen.findByRole('textbox', { name: 'New post' }, SLOW);
    await userEvent.type(box, '# Title\n**bold**');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByTestId('post-preview');
    expect(await within(preview).findByRole('heading', { name: 'Title' })).toBeInTheDocument();
    expect(preview.querySelector('.post-body strong')).toHaveTextContent('bold');
    expect(calls.fetchMarkdownPreview).toHaveBeenCalledWith('# Title\n**bold**');

    await userEvent.click(screen.getByRole('button', { name: 'Write' }));
    expect(screen.getByRole('textbox', { name: 'New post' })).toHaveValue('# Title\n**bold**');
    await userEvent.type(screen.getByRole('textbox', { name: 'New post' }), ' more');
    calls.fetchMarkdownPreview.mockRejectedValueOnce(new Error('Network Error'));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await within(preview.ownerDocument.body).findByText(/The preview failed/, undefined, SLOW),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Write' }));
    expect(screen.getByRole('textbox', { name: 'New post' })).toHaveValue('# Title\n**bold** more');
  });

  it('refetches the posts when the live stream announces a post from someone else', async () => {
    calls.fetchPosts.mockResolvedValueOnce(page([post(1)]));
    renderView();
    await screen.findByText('Post 1', undefined, SLOW);
    const source = FakeEventSource.last!;
    source.emit('ready', { thread: 3 });
    calls.fetchPosts.mockResolvedValue(page([post(1), post(2, { html: '<p>Live one</p>' })]));
    source.emit('post', { thread: 3, post: 2, op: 'insert', table: 'posts' });
    expect(await screen.findByText('Live one', undefined, SLOW)).toBeInTheDocument();
  });

  it('closes a refused stream (and polls instead)', async () => {
    calls.fetchPosts.mockResolvedValue(page([post(1)]));
    renderView();
    await screen.findByText('Post 1', undefined, SLOW);
    const source = FakeEventSource.last!;
    source.readyState = FakeEventSource.CLOSED;
    source.onerror?.();
    expect(source.closed).toBe(true);
  });

  it('closes a stream the server closed for good (too many streams) instead of reconnecting', async () => {
    calls.fetchPosts.mockResolvedValue(page([post(1)]));
    renderView();
    await screen.findByText('Post 1', undefined, SLOW);
    const source = FakeEventSource.last!;
    source.emit('ready', { thread: 3 });
    source.emit('closed', { thread: 3, reason: 'too_many_streams' });
    expect(source.closed).toBe(true);
  });

  it('attaches a file (its link lands in the draft), posts the draft, which then clears, and moves to the post', async () => {
    calls.fetchPosts.mockResolvedValue(page([]));
    calls.uploadToThread.mockImplementation(async (_thread, file) => ({
      uuid: 'f1',
      case: 5,
      file_name: file.name,
      content_type: 'text/plain',
      size: 5,
      sha256: 'ab',
      shared: false,
      source: 'thread',
      thread: 3,
      uploaded_by: { id: 1, name: 'Cora' },
      created: '2026-05-01T10:00:00Z',
      download_url: '/api/case/artifact/f1/download/',
    }));
    calls.createPost.mockResolvedValue(post(9));
    renderView();
    const box = await screen.findByRole('textbox', { name: 'New post' }, SLOW);
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await userEvent.upload(screen.getByLabelText('Attach a file'), file);
    expect(calls.uploadToThread).toHaveBeenCalledWith(3, file, expect.any(Function));
    await waitFor(() => expect(box).toHaveValue('[notes.txt](/api/case/artifact/f1/download/)'));
    // The view moves to the page that holds the new post, whichever it is.
    calls.fetchPostsAt.mockResolvedValue({ ...page([post(9, { html: '<p>Sent one</p>' })]), page: 3 });
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(calls.createPost).toHaveBeenCalledWith(3, '[notes.txt](/api/case/artifact/f1/download/)'),
    );
    expect(await screen.findByText('Sent one')).toBeInTheDocument();
    expect(calls.fetchPostsAt).toHaveBeenCalledWith(3, { around: 9 });
    expect(box).toHaveValue('');
  });

  it('staff archive the thread: it then takes no new posts', async () => {
    calls.fetchPosts.mockResolvedValue(page([post(1)]));
    calls.updateThread.mockResolvedValue({ ...THREAD, archived: true });
    renderView();
    await userEvent.click(await screen.findByRole('button', { name: 'Archive' }, SLOW));
    expect(calls.updateThread).toHaveBeenCalledWith(3, { archived: true });
    expect(
      await screen.findByText('This thread is archived: it can be read but takes no new posts.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unarchive' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New post' })).not.toBeInTheDocument();
  });
});

// One post: author, time, "edited", the server's sanitised HTML, reactions, and the actions the caller may
// take (reply, edit their own, history, pin for staff, delete their own or as staff). A deleted post stays
// as a marker so its replies keep their place.
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { REACTION_EMOJI, REACTIONS, type Post, type Reaction } from '@cvdp/core';
import { fieldErrors } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ContrastBadge } from '../../../components/ContrastBadge.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { useDeletePost, useReactToPost, useUpdatePost } from '../api/index.ts';
import { PostEditor } from './PostEditor.tsx';

// The history (and the word-diff library it brings) loads when first opened, not with the thread.
const PostHistoryModal = lazy(() =>
  import('./PostHistoryModal.tsx').then((m) => ({ default: m.PostHistoryModal })),
);
// The delete confirmation likewise: react-bootstrap's Modal is not needed to show a thread.
const DeletePostModal = lazy(() =>
  import('./DeletePostModal.tsx').then((m) => ({ default: m.DeletePostModal })),
);

export const POST_REMOVED_TEXT = 'Post removed';

const REACTION_LABEL: Record<Reaction, string> = {
  thumbs_up: 'thumbs up',
  thumbs_down: 'thumbs down',
  heart: 'heart',
  laugh: 'laugh',
  eyes: 'eyes',
  rocket: 'rocket',
  check: 'check',
  question: 'question',
};

export interface PostItemProps {
  post: Post;
  /** The signed-in user's id. */
  me: number | null;
  staff: boolean;
  /** Archived threads take no new posts. */
  readOnly: boolean;
  /** Top-level posts take replies; replies do not (one level). */
  onReply?: (post: Post) => void;
  children?: ReactNode;
}

export function PostItem({ post, me, staff, readOnly, onReply, children }: PostItemProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [showHistory, setShowHistory] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [picking, setPicking] = useState(false);
  const mine = me !== null && post.author?.id === me;

  const edit = useUpdatePost(post.id, post.thread);
  const pin = useUpdatePost(post.id, post.thread);
  const react = useReactToPost(post.id, post.thread);
  const remove = useDeletePost(post.id, post.thread);

  const who = post.author ? post.author.name : (post.external_author ?? 'Former user');
  // Every post has the same actions: each button's name says which post it acts on (one name, one action).
  const which = `post ${post.id} by ${who}`;
  const heading = (
    <div className="d-flex flex-wrap align-items-baseline gap-2 small">
      <strong>{who}</strong>
      {post.author?.group && <span className="text-body-secondary">{post.author.group.name}</span>}
      <time dateTime={post.created} className="text-body-secondary">
        {formatDateTime(post.created)}
      </time>
      {post.edited && !post.deleted && <span className="text-body-secondary fst-italic">edited</span>}
      {post.pinned && <ContrastBadge bg="info">Pinned</ContrastBadge>}
    </div>
  );

  if (post.deleted) {
    return (
      <article className="border rounded p-2 mb-2 bg-body-tertiary" aria-label={`Post ${post.id}`}>
        <p className="mb-0 fst-italic text-body-secondary">{POST_REMOVED_TEXT}</p>
        {children}
      </article>
    );
  }

  const reacted = post.reactions.filter((r) => r.count > 0);
  return (
    <article
      className={`border rounded p-2 mb-2 ${post.pinned ? 'border-info' : ''} bg-body`}
      aria-label={`Post by ${who}`}
      data-post-id={post.id}
    >
      {heading}
      {editing ? (
        <div className="mt-2">
          <PostEditor
            label="Edit post"
            value={draft}
            onChange={setDraft}
            onSubmit={() => edit.mutate({ content: draft }, { onSuccess: () => setEditing(false) })}
            onCancel={() => setEditing(false)}
            submitText="Save"
            busy={edit.isPending}
            error={fieldErrors(edit.error).content?.[0]}
            autoFocus
          />
          {!fieldErrors(edit.error).content && <ErrorAlert error={edit.error} />}
        </div>
      ) : (
        // The server renders the Markdown and sanitises it with an allow-list; nothing else is ever set as HTML.
        <div className="post-body text-break mt-1" dangerouslySetInnerHTML={{ __html: post.html }} />
      )}
      <div className="d-flex flex-wrap gap-1 align-items-center" aria-label="Reactions" role="group">
        {reacted.map((r) => (
          <Button
            key={r.reaction}
            size="sm"
            variant={r.mine ? 'primary' : 'outline-secondary'}
            className="py-0 px-2"
            aria-pressed={r.mine}
            aria-label={`${REACTION_LABEL[r.reaction]}: ${r.count}${r.mine ? ', yours' : ''}, on ${which}`}
            disabled={react.isPending}
            onClick={() => react.mutate(r.reaction)}
          >
            <span aria-hidden="true">{REACTION_EMOJI[r.reaction]}</span> {r.count}
          </Button>
        ))}
        <Button
          size="sm"
          variant="outline-secondary"
          className="py-0 px-2"
          aria-label={`Add a reaction to ${which}`}
          aria-expanded={picking}
          onClick={() => setPicking((v) => !v)}
        >
          <span aria-hidden="true">☺ +</span>
        </Button>
        {picking && (
          <span role="group" aria-label="Reactions to add" className="d-inline-flex flex-wrap gap-1">
            {REACTIONS.map((name) => (
              <Button
                key={name}
                size="sm"
                variant="light"
                className="py-0 px-1"
                aria-label={`${REACTION_LABEL[name]} on ${which}`}
                title={REACTION_LABEL[name]}
                onClick={() => {
                  setPicking(false);
                  react.mutate(name);
                }}
              >
                <span aria-hidden="true">{REACTION_EMOJI[name]}</span>
              </Button>
            ))}
          </span>
        )}
        <span className="ms-auto" />
        {onReply && !readOnly && (
          <Button size="sm" variant="link" aria-label={`Reply to ${which}`} onClick={() => onReply(post)}>
            Reply
          </Button>
        )}
        {mine && !readOnly && !editing && (
          <Button
            size="sm"
            variant="link"
            aria-label={`Edit ${which}`}
            onClick={() => {
              edit.reset();
              setDraft(post.content);
              setEditing(true);
            }}
          >
            Edit
          </Button>
        )}
        {post.edited && (
          <Button
            size="sm"
            variant="link"
            aria-label={`History of ${which}`}
            onClick={() => setShowHistory(true)}
          >
            History
          </Button>
        )}
        {staff && (
          <Button
            size="sm"
            variant="link"
            disabled={pin.isPending}
            aria-label={`${post.pinned ? 'Unpin' : 'Pin'} ${which}`}
            onClick={() => pin.mutate({ pinned: !post.pinned })}
          >
            {post.pinned ? 'Unpin' : 'Pin'}
          </Button>
        )}
        {(mine || staff) && (
          <Button
            size="sm"
            variant="link"
            className="link-danger"
            aria-label={`Delete ${which}`}
            onClick={() => {
              remove.reset();
              setConfirmDelete(true);
            }}
          >
            Delete
          </Button>
        )}
      </div>
      <ErrorAlert error={react.error ?? pin.error} />
      {children}
      {showHistory && (
        <Suspense fallback={null}>
          <PostHistoryModal postId={post.id} onClose={() => setShowHistory(false)} />
        </Suspense>
      )}
      {confirmDelete && (
        <Suspense fallback={null}>
          <DeletePostModal
            postId={post.id}
            busy={remove.isPending}
            error={remove.error}
            onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirmDelete(false) })}
            onCancel={() => setConfirmDelete(false)}
          />
        </Suspense>
      )}
    </article>
  );
}

// The thread screen's follow/mute choice, beside the case's mute: default (the case decides), follow (told
// even when the case is muted), mute (no notifications, no digest lines). Confirms with a toast.
import { Form } from 'react-bootstrap';
import type { ThreadFollowMode } from '@cvdp/core';
import { errorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { useSetThreadFollow, useThreadFollow } from './api/index.ts';

const LABELS: Record<ThreadFollowMode, string> = {
  default: 'As the case',
  follow: 'Follow',
  mute: 'Mute',
};
const DONE: Record<ThreadFollowMode, string> = {
  default: 'This thread notifies you as the case does.',
  follow: 'You follow this thread.',
  mute: 'This thread is muted: no notifications or digest lines.',
};

export function ThreadFollowControl({ threadId }: { threadId: number }) {
  const follow = useThreadFollow(threadId);
  const set = useSetThreadFollow(threadId);
  const id = `thread-follow-${threadId}`;
  return (
    <Form.Group controlId={id} className="d-flex align-items-center gap-2">
      <Form.Label className="mb-0 small text-nowrap">Notifications</Form.Label>
      <Form.Select
        size="sm"
        value={follow.data?.mode ?? 'default'}
        disabled={!follow.data || set.isPending}
        onChange={(e) =>
          set.mutate(
            { mode: e.target.value as ThreadFollowMode },
            {
              onSuccess: (saved) => toast(DONE[saved.mode]),
              onError: (error) => toast(`Not saved: ${errorMessage(error)}`),
            },
          )
        }
      >
        {(Object.keys(LABELS) as ThreadFollowMode[]).map((m) => (
          <option key={m} value={m}>
            {LABELS[m]}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

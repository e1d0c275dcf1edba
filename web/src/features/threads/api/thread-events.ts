// GET /api/case/thread/{id}/events/ (Server-Sent Events): live updates of an open thread. The server streams
// ThreadEvent ids; each one refreshes the thread's posts (and the case's thread lists) in the query cache. If
// the stream fails (a proxy that buffers, an old browser), the page polls.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ThreadEvent } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Where the thread's live events stream (under the configured API base). */
export const threadEventsUrl = (threadId: number) =>
  coordinationApi.getUri({ url: `api/case/thread/${threadId}/events/` });

/** How often posts are refetched when the live stream is unavailable. */
export const POLL_MS = 10_000;

/**
 * Subscribes to the thread's events while mounted. Returns the polling interval to use for the thread's
 * queries: false while the stream is live, POLL_MS once it has failed.
 */
export function useThreadEvents(threadId: number, caseId: number): number | false {
  const client = useQueryClient();
  const [polling, setPolling] = useState(false);

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setPolling(true);
      return;
    }
    setPolling(false);
    const source = new EventSource(threadEventsUrl(threadId), { withCredentials: true });
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refetch = () => {
      // A burst of events (a reaction storm) costs one refetch.
      if (pending) return;
      pending = setTimeout(() => {
        pending = undefined;
        void client.invalidateQueries({ queryKey: queryKeys.threads.posts(threadId) });
        void client.invalidateQueries({ queryKey: queryKeys.threads.lists(caseId) });
      }, 150);
    };
    // The server names its events: `post` (a ThreadEvent), `ready` (subscribed: load now, after a reconnect
    // too) and `resync` (it may have missed events); any of them means "refetch".
    const onEvent = (message: MessageEvent<string>) => {
      try {
        const event = JSON.parse(message.data) as Partial<ThreadEvent>;
        if (event.thread !== undefined && event.thread !== threadId) return;
      } catch {
        // Not JSON: refetch anyway, it is cheap.
      }
      refetch();
    };
    let opened = false;
    source.addEventListener('post', onEvent);
    source.addEventListener('resync', onEvent);
    source.addEventListener('ready', (message: MessageEvent<string>) => {
      // The first `ready` needs nothing (the page has just loaded); after a reconnect it may have missed posts.
      if (opened) onEvent(message);
      opened = true;
      setPolling(false);
    });
    source.onmessage = onEvent;
    // The server closed this stream for good (the user opened too many elsewhere): reconnecting would only
    // close another of theirs, so this page polls instead.
    source.addEventListener('closed', () => {
      source.close();
      setPolling(true);
    });
    // The browser reconnects by itself after a dropped stream (CONNECTING); a refused one (404, a proxy that
    // does not stream) is CLOSED for good. Either way the page polls until the stream says `ready` again.
    source.onerror = () => {
      setPolling(true);
      if (source.readyState === EventSource.CLOSED) source.close();
    };
    return () => {
      source.close();
      if (pending) clearTimeout(pending);
    };
  }, [client, threadId, caseId]);

  return polling ? POLL_MS : false;
}

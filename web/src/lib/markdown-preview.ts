// POST /api/markdown/preview/: the HTML the server will store for a post or an advisory body, rendered and
// sanitised by the very function it publishes with — the page keeps no Markdown renderer of its own, so the
// preview cannot drift from the post. Used by the thread composer and the advisory editor (two features),
// hence in lib. A read in effect (nothing is stored), so a query: one answer per text, kept while the text is.
import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarkdownPreview } from '@cvdp/core';
import { coordinationApi } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** How long the text must rest before it is sent again. */
export const PREVIEW_DEBOUNCE_MS = 300;

export const fetchMarkdownPreview = (text: string) =>
  coordinationApi.post<MarkdownPreview>('api/markdown/preview/', { text }).then((r) => r.data.html);

export const markdownPreviewQuery = (text: string) =>
  queryOptions({
    queryKey: queryKeys.markdown.preview(text),
    queryFn: () => fetchMarkdownPreview(text),
    staleTime: Infinity,
    gcTime: 60_000,
  });

/** The text as it was PREVIEW_DEBOUNCE_MS ago (the first value at once: opening the preview asks at once). */
function useDebounced(text: string) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/** The server's HTML for `text`; nothing is asked for blank text. */
export function useMarkdownPreview(text: string) {
  const settled = useDebounced(text);
  // The last answer stays on screen while the next is asked for (no flicker while typing in a live preview).
  return useQuery({
    ...markdownPreviewQuery(settled),
    enabled: settled.trim() !== '',
    placeholderData: (previous) => previous,
  });
}

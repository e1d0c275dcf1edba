// Rendered HTML of the advisory revisions read last: rendering Markdown is the dear part of reading an
// advisory, and a revision's content never changes once saved (the content is compared all the same, so a
// row that did change is rendered again). The least recently read go first.
import { LRUCache } from 'lru-cache';

/** Revisions whose HTML is kept. */
export const RENDER_CACHE_SIZE = 200;

export function cachedRevisionRenderer(render: (markdown: string) => string, max = RENDER_CACHE_SIZE) {
  const rendered = new LRUCache<number, { content: string; html: string }>({ max });
  return (row: { id: number; content: string }): string => {
    const hit = rendered.get(row.id);
    if (hit && hit.content === row.content) return hit.html;
    const html = render(row.content);
    rendered.set(row.id, { content: row.content, html });
    return html;
  };
}

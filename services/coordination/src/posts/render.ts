// Markdown → safe HTML, on write (the post's `html` is stored; reading a page renders nothing). Two layers:
// markdown-it with raw HTML off (a `<script>` in the source becomes text) and its link check (no
// `javascript:`, `vbscript:`, `file:`, `data:` links), then sanitize-html with an allow-list of tags and
// attributes (no event handlers, no styles but table alignment, no iframes, no SVG), links only http(s)/mailto
// opening in a new tab without the opener, and images only from this instance: a relative address or the
// origin of CVDP_PUBLIC_URL. Anything else is dropped.
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/** Relative image addresses resolve against this when no public address is configured. */
const PLACEHOLDER_ORIGIN = 'https://cvdp.invalid';

export interface MarkdownRenderer {
  render: (markdown: string) => string;
}

export function markdownRenderer(publicUrl: string | undefined): MarkdownRenderer {
  let origin = PLACEHOLDER_ORIGIN;
  if (publicUrl) {
    try {
      origin = new URL(publicUrl).origin;
    } catch {
      // A malformed setting is refused by the config; fall back to relative images only.
    }
  }
  const sameOrigin = (src: string | undefined) => {
    if (!src) return false; // sanitize-html empties a src it refused (data:, //host, …) before this filter
    try {
      return new URL(src, `${origin}/`).origin === origin;
    } catch {
      return false;
    }
  };

  const md = new MarkdownIt({ html: false, linkify: true });
  md.linkify.set({ fuzzyLink: true });

  const options: sanitizeHtml.IOptions = {
    allowedTags: [
      'p',
      'br',
      'hr',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'blockquote',
      'ul',
      'ol',
      'li',
      'strong',
      'em',
      's',
      'code',
      'pre',
      'a',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'alt', 'title'],
      code: ['class'],
      ol: ['start'],
      th: ['style'],
      td: ['style'],
    },
    allowedClasses: { code: [/^language-[\w-]+$/] },
    allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'escape',
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer ugc', target: '_blank' }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !sameOrigin(frame.attribs.src),
  };

  return { render: (markdown) => sanitizeHtml(md.render(markdown), options) };
}

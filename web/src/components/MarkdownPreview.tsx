// The Preview tab of a Markdown editor (posts, the advisory text): the server's own rendering of the text,
// exactly what will be published. The text stays in its editor; a failed preview says why.
import { Spinner } from 'react-bootstrap';
import { useMarkdownPreview } from '../lib/markdown-preview.ts';
import { ErrorAlert } from './ErrorAlert.tsx';

export function MarkdownPreview({ text }: { text: string }) {
  const preview = useMarkdownPreview(text);
  if (text.trim() === '') return <p className="text-body-secondary mb-0">Nothing to preview.</p>;
  return (
    <>
      <ErrorAlert error={preview.error} prefix="The preview failed: " />
      {preview.isPending && !preview.error && (
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">Rendering the preview…</span>
        </Spinner>
      )}
      {preview.data !== undefined && (
        // The server renders the Markdown and sanitises it with an allow-list; nothing else is ever set as HTML.
        <div className="post-body text-break" dangerouslySetInnerHTML={{ __html: preview.data }} />
      )}
    </>
  );
}

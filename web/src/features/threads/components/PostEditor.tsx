// The Markdown editor of a post, with Write and Preview tabs. Preview shows the server's rendering of the text
// (POST /api/markdown/preview/, the function posts are stored with): what is previewed is what is posted.
import { useId, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { POST_MAX_LENGTH } from '@cvdp/core';
import { MarkdownPreview } from '../../../components/MarkdownPreview.tsx';

export function PostEditor({
  label,
  value,
  onChange,
  onSubmit,
  onCancel,
  submitText,
  busy,
  error,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onCancel?: () => void;
  submitText: string;
  busy: boolean;
  error?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const empty = value.trim().length === 0;
  return (
    <Form
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        if (!empty) onSubmit();
      }}
    >
      {/* Bootstrap's tab look written out: react-bootstrap's Nav shares a chunk with Popper and the people
          picker, which the thread view would otherwise load before it shows (bench/thread-view.bench.ts). */}
      <div className="nav nav-tabs small">
        {(['write', 'preview'] as const).map((t) => (
          <div className="nav-item" key={t}>
            <button
              type="button"
              className={`nav-link${tab === t ? ' active' : ''}`}
              aria-pressed={tab === t}
              onClick={() => setTab(t)}
            >
              {t === 'write' ? 'Write' : 'Preview'}
            </button>
          </div>
        ))}
      </div>
      {tab === 'write' ? (
        <>
          <Form.Label htmlFor={id} className="visually-hidden">
            {label}
          </Form.Label>
          <Form.Control
            id={id}
            as="textarea"
            rows={4}
            value={value}
            maxLength={POST_MAX_LENGTH}
            autoFocus={autoFocus}
            isInvalid={!!error}
            placeholder="Write in Markdown"
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !empty && !busy) onSubmit();
            }}
            className="rounded-top-0"
          />
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </>
      ) : (
        <div className="border border-top-0 rounded-bottom p-2" data-testid="post-preview">
          <MarkdownPreview text={value} />
        </div>
      )}
      <div className="d-flex gap-2 mt-2">
        <Button type="submit" size="sm" disabled={busy || empty}>
          {submitText}
        </Button>
        {onCancel && (
          <Button size="sm" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
  );
}

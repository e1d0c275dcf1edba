// Names and types of uploaded files are user input: they are cleaned before they are stored or sent back
// in a header, so they can neither climb out of a folder nor break or spoof a download.

const MAX_NAME_LENGTH = 200;
// Control characters, and the bidirectional overrides that make 'gpj.exe' look like 'exe.jpg'.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const RESERVED = /["*:<>?|]/g;

/** The last path segment of a client's file name, without invisible or reserved characters. */
export function sanitizeFileName(name: string | undefined | null): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  let clean = base.normalize('NFC').replace(INVISIBLE, '').replace(RESERVED, '_').trim();
  clean = clean.replace(/^\.+/, '').trim();
  if (clean.length > MAX_NAME_LENGTH) {
    // Keep the extension: it is what tells the reader what the file is.
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
    clean = clean.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
  }
  return clean || 'file';
}

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,127}$/;

/** The client's content type when it looks like one, else the neutral binary type. */
export function safeContentType(type: string | undefined | null): string {
  const t = (type ?? '').split(';')[0].trim().toLowerCase();
  return MIME_TYPE.test(t) ? t : 'application/octet-stream';
}

/**
 * Types a browser never runs: a download declared as one of them keeps it (a PNG still previews when saved),
 * every other is served as application/octet-stream whatever the uploader declared. On our own origin, a file
 * served as application/javascript would be a same-origin script that `script-src 'self'` lets run.
 */
const INERT_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'application/pdf', 'text/plain']);

/** The Content-Type a stored file is served with: an inert type as declared, anything else octet-stream. */
export function downloadContentType(stored: string): string {
  const type = safeContentType(stored);
  if (!INERT_TYPES.has(type)) return 'application/octet-stream';
  // Text in UTF-8 always: a declared charset (UTF-7 and the like) is the uploader's to choose otherwise.
  return type === 'text/plain' ? 'text/plain; charset=utf-8' : type;
}

/**
 * The headers every file download carries: the type above, always an attachment, never sniffed, and a
 * sandbox with nothing allowed, should a browser still render it (a PDF viewer, an image opened in a tab).
 */
export function downloadHeaders(fileName: string, storedType: string): Record<string, string> {
  return {
    'Content-Type': downloadContentType(storedType),
    'Content-Disposition': attachmentDisposition(fileName),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

// A multipart body built the way a browser's FormData is, for the upload tests of both services.
export interface FilePart {
  /** The form field; `file` unless a test sends the wrong one. */
  field?: string;
  name: string;
  content: Buffer | string;
  type?: string;
}

export async function fileForm(files: FilePart[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) {
    const bytes = typeof f.content === 'string' ? Buffer.from(f.content) : f.content;
    form.append(
      f.field ?? 'file',
      new Blob([new Uint8Array(bytes)], { type: f.type ?? 'text/plain' }),
      f.name,
    );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

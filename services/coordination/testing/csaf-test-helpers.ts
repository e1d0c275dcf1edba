// Test helper for POST /api/advisory/upload/: the multipart body a browser's FormData makes of a CSAF file
// and the case id.
export async function csafUploadBody(
  caseId: number | string | null,
  content: string | Buffer,
  name = 'advisory.json',
) {
  const form = new FormData();
  if (caseId !== null) form.append('case', String(caseId));
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/json' }), name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

// Reading a CSAF upload (POST /api/advisory/upload/): the multipart form's `case` (the case's id) and
// `file` (the CSAF JSON, at most CSAF_UPLOAD_MAX_BYTES, held in memory — nothing is written before it
// validated), then the revision a CSAF document becomes: title; summary from the summary notes; content
// from the details/description notes; impact and solution from the notes titled so (as our export writes
// them); external references; credits from the acknowledgments; the case's vulnerabilities it names by
// CVE or VU# id (none named: all of them).
import type { FastifyRequest } from 'fastify';
import {
  CSAF_UPLOAD_CASE,
  CSAF_UPLOAD_MAX_BYTES,
  CSAF_UPLOAD_NOT_JSON,
  CSAF_UPLOAD_VERSION,
  type CsafVersion,
  INT4_MAX,
  REQUIRED_MESSAGE,
  advisoryRevisionSchema,
  vulLabel,
} from '@cvdp/core';
import { type FieldErrors, HttpError, assertStorableText } from '@cvdp/server-kit';
import type { RevisionInput } from './store.ts';

export const CSAF_FILE_FIELD = 'file';
export const CSAF_CASE_FIELD = 'case';
export const NOT_MULTIPART =
  'Send the CSAF file as multipart/form-data in the field "file", with the case id in "case".';
export const MALFORMED_MULTIPART = 'The multipart/form-data body is malformed.';
export const CSAF_TOO_LARGE = `A CSAF file is at most ${CSAF_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`;
export const CSAF_TOO_DEEP = 'The file nests deeper than a CSAF document does.';
export const CSAF_NOT_A_REVISION =
  'The CSAF document does not fit an advisory revision: the fields are listed.';
/** A CSAF document nests about a dozen levels (product tree branches a few more). */
const MAX_DEPTH = 64;

const badRequest = (field: string, message: string) => new HttpError(400, message, { [field]: [message] });

async function discard(stream: AsyncIterable<unknown>) {
  for await (const _chunk of stream) {
    /* dropped: the client finishes sending and sees our answer */
  }
}

export interface CsafUpload {
  caseId: number;
  /** The file as a CSAF document of a version we import; throws 400 naming `file` otherwise. */
  parse(): { version: CsafVersion; json: Record<string, unknown> };
}

/** How deep a JSON value nests (iteratively: a hostile file must not exhaust the stack). */
function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (d > max) max = d;
    if (max > MAX_DEPTH) return max;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

export async function readCsafUpload(request: FastifyRequest): Promise<CsafUpload> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART, { file: [NOT_MULTIPART] });
  let caseText: string | null = null;
  let file: Buffer | null = null;
  let tooLarge = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== CSAF_FILE_FIELD)
          throw badRequest(
            part.fieldname,
            `Unexpected file field "${part.fieldname}": send the file as "file".`,
          );
        if (file || tooLarge) throw badRequest(CSAF_FILE_FIELD, 'Send one file at a time.');
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file) {
          size += (chunk as Buffer).length;
          if (size > CSAF_UPLOAD_MAX_BYTES) {
            tooLarge = true;
            await discard(part.file);
            break;
          }
          chunks.push(chunk as Buffer);
        }
        if (part.file.truncated) tooLarge = true;
        if (!tooLarge) file = Buffer.concat(chunks);
      } else if (part.fieldname === CSAF_CASE_FIELD) {
        if (part.valueTruncated) throw badRequest(CSAF_CASE_FIELD, CSAF_UPLOAD_CASE);
        caseText = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, CSAF_TOO_LARGE, { file: [CSAF_TOO_LARGE] });
    throw new HttpError(400, MALFORMED_MULTIPART, { file: [MALFORMED_MULTIPART] });
  }
  if (tooLarge) throw new HttpError(413, CSAF_TOO_LARGE, { file: [CSAF_TOO_LARGE] });
  const caseTrimmed = caseText?.trim() ?? '';
  if (!/^[1-9][0-9]{0,9}$/.test(caseTrimmed) || Number(caseTrimmed) > INT4_MAX)
    throw badRequest(CSAF_CASE_FIELD, CSAF_UPLOAD_CASE);
  if (!file || file.length === 0) throw badRequest(CSAF_FILE_FIELD, REQUIRED_MESSAGE);
  const bytes = file;
  return {
    caseId: Number(caseTrimmed),
    parse() {
      let json: unknown;
      try {
        json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      } catch {
        throw badRequest(CSAF_FILE_FIELD, CSAF_UPLOAD_NOT_JSON);
      }
      if (depthOf(json) > MAX_DEPTH) throw badRequest(CSAF_FILE_FIELD, CSAF_TOO_DEEP);
      assertStorableText(json, CSAF_FILE_FIELD);
      const version = (json as { document?: { csaf_version?: unknown } } | null)?.document?.csaf_version;
      if (
        typeof json !== 'object' ||
        json === null ||
        Array.isArray(json) ||
        (version !== '2.0' && version !== '2.1')
      )
        throw badRequest(CSAF_FILE_FIELD, CSAF_UPLOAD_VERSION);
      return { version, json: json as Record<string, unknown> };
    },
  };
}

interface Note {
  category?: string;
  title?: string;
  text?: string;
}
interface Acknowledgment {
  names?: string[];
  organization?: string;
  summary?: string;
}

const texts = (notes: Note[], keep: (n: Note) => boolean) =>
  notes
    .filter(keep)
    .map((n) => (n.text ?? '').trim())
    .filter(Boolean)
    .join('\n\n');

/** The revision a validated CSAF document becomes (400 listing the fields that do not fit one). */
export function revisionFromCsaf(
  json: Record<string, unknown>,
  caseId: number,
  caseVuls: { id: number; localId: number; cve: string | null }[],
): RevisionInput {
  const doc = json.document as {
    title: string;
    notes?: Note[];
    references?: { url: string; category?: string }[];
    acknowledgments?: Acknowledgment[];
  };
  const notes = doc.notes ?? [];
  const titled = (title: string) => (n: Note) => n.category === 'general' && n.title === title;
  const credits = (doc.acknowledgments ?? []).flatMap((a) =>
    a.names?.length ? a.names : a.organization ? [a.organization] : a.summary ? [a.summary] : [],
  );
  const vuls = (json.vulnerabilities ?? []) as { cve?: string; ids?: { text: string }[] }[];
  const cves = new Set(vuls.flatMap((v) => (v.cve ? [v.cve.toUpperCase()] : [])));
  const labels = new Set(vuls.flatMap((v) => (v.ids ?? []).map((i) => i.text)));
  const named = caseVuls
    .filter((v) => (v.cve && cves.has(v.cve.toUpperCase())) || labels.has(vulLabel(caseId, v.localId)))
    .map((v) => v.id);
  const result = advisoryRevisionSchema.safeParse({
    title: doc.title,
    summary: texts(notes, (n) => n.category === 'summary'),
    content: texts(notes, (n) => n.category === 'details' || n.category === 'description'),
    impact: texts(notes, titled('Impact')),
    solution: texts(notes, titled('Solution')),
    references: [
      ...new Set(
        (doc.references ?? [])
          .filter((r) => r.category !== 'self' && /^https?:\/\//i.test(r.url))
          .map((r) => r.url),
      ),
    ],
    credits: [...new Set(credits.map((c) => c.trim()).filter(Boolean))],
    vulnerabilities: named,
  });
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'file';
    (errors[key] ??= []).push(issue.message);
  }
  throw new HttpError(400, CSAF_NOT_A_REVISION, errors);
}

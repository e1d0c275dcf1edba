// Transfers, the wire contract between two instances (issue 14): what the sending instance posts to the
// receiving one under `cvdp/api/transfers/…` and what it answers. Both sides validate with these schemas.
//
// Every call carries `Authorization: Token <token>` (the receiver checks it against its enabled connections'
// incoming token hash: missing, unknown, revoked or disabled → 401 {detail}, nothing created). Every POST
// carries an `Idempotency-Key` (the sender uses `<transfer uuid>:<step>[:<source item id>]`, see
// `transferIdempotencyKey`): the receiver keeps (connection, key) → its answer, so a repeated call answers
// 200 with the first answer and creates nothing; the same key with a different payload is a 409.
// `case/{id}/…` is the receiver's case id from the `report/` answer: a case another connection created (or
// not created by a transfer at all) is a 404. A refused payload is a 400 {detail, errors} naming the fields;
// each call is one transaction, so nothing is half-written.
import { z } from 'zod';
import { idValue } from '../ids/index.ts';
import { submittedReportSchema } from '../report/submitted-report-schema.ts';
import { advisoryRevisionSchema } from '../advisories/index.ts';
import { vulCreateSchema, CVSS_VERSIONS } from '../vuls/index.ts';
import { ssvcInputSchema } from '../ssvc/decide.ts';
import { THREAD_SUBJECT_MAX, POST_MAX_LENGTH } from '../threads/index.ts';

/** The receiving side's root, below an instance's base URL (the connection's `base_url`). */
export const TRANSFER_API_ROOT = '/cvdp/api/transfers/';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 200;

/** The receiver's paths, relative to the base URL (no leading slash: join with `new URL(path, base)`). */
export const TRANSFER_PATHS = {
  ping: 'cvdp/api/transfers/ping/',
  report: 'cvdp/api/transfers/report/',
  thread: (caseId: number) => `cvdp/api/transfers/case/${caseId}/thread/`,
  vuls: (caseId: number) => `cvdp/api/transfers/case/${caseId}/vuls/`,
  advisory: (caseId: number) => `cvdp/api/transfers/case/${caseId}/advisory/`,
  artifacts: (caseId: number) => `cvdp/api/transfers/case/${caseId}/artifacts/`,
  status: (caseId: number) => `cvdp/api/transfers/case/${caseId}/status/`,
} as const;

/** A receiver's path joined to a connection's base URL (kept whole, even with a path of its own). */
export const transferUrl = (baseUrl: string, path: string) =>
  new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString();

/** `<transfer uuid>:<step>[:<source item id>]` — one key per call, the same on every retry of that call. */
export const transferIdempotencyKey = (transfer: string, step: string, sourceId?: number | string) =>
  sourceId === undefined ? `${transfer}:${step}` : `${transfer}:${step}:${sourceId}`;

// Refusals the receiver answers (detail of the error).
export const TRANSFER_TOKEN_INVALID = 'Invalid token.';
export const TRANSFER_TOKEN_MISSING = 'Authentication credentials were not provided.';
export const IDEMPOTENCY_KEY_REQUIRED = `Send an ${IDEMPOTENCY_HEADER} header (at most ${IDEMPOTENCY_KEY_MAX} characters).`;
export const IDEMPOTENCY_KEY_REUSED = `This ${IDEMPOTENCY_HEADER} was used for a different payload.`;
export const TRANSFER_CASE_NOT_FOUND = 'No case of this connection with this id.';
export const TRANSFER_VEX_INVALID = 'The VEX document is not valid CSAF.';

const isoDateTime = z.iso.datetime({ offset: true, message: 'An ISO 8601 date and time.' });
const httpUrl = z.url({ protocol: /^https?$/, message: 'An http(s) URL.' }).max(2000);
/** Who wrote a post, as text: the role, plus ' from group ' plus the group name when a group exists. */
const authorText = z.string().trim().min(1, 'This field is required.').max(500);
const postContent = z
  .string()
  .refine((s) => s.trim().length > 0, 'This field is required.')
  .pipe(z.string().max(POST_MAX_LENGTH, `A post can be at most ${POST_MAX_LENGTH} characters.`));

// --- GET ping/ ---------------------------------------------------------------------------------------------

/** GET cvdp/api/transfers/ping/: who answered (CVDP_PUBLIC_URL, else 'CVDP') and the name it knows us by. */
export const transferPingSchema = z.object({
  instance: z.string().describe("The receiver's CVDP_PUBLIC_URL, else 'CVDP'."),
  connection: z.string().describe('The name the receiver knows the caller by.'),
});
export type TransferPing = z.infer<typeof transferPingSchema>;

// --- POST report/ ------------------------------------------------------------------------------------------

export const TRANSFER_TAGS_MAX = 20;

/** The case fields that make sense on another instance (owner, participants, status stay behind). */
export const transferCaseSchema = z.object({
  title: z.string().trim().min(1, 'This field is required.').max(500),
  summary: z.string().max(20_000).default(''),
  tags: z.array(z.string().trim().min(1).max(50)).max(TRANSFER_TAGS_MAX).default([]),
  due_date: z.iso.date().nullable().default(null),
  public_date: z.iso.date().nullable().default(null),
  created: isoDateTime,
});

/** POST cvdp/api/transfers/report/ → 201 TransferReportAnswer: a new case in triage on the receiver. */
export const transferReportSchema = z.object({
  /** The sender's transfer uuid. */
  transfer: z.uuid(),
  source: z.object({
    /** The sender's public URL of the case (or of its instance). */
    url: httpUrl,
    case_id: idValue,
    /** How the sender names the case, e.g. 'VU#12'. */
    case_label: z.string().trim().min(1).max(100),
  }),
  case: transferCaseSchema,
  /** The report's working copy (checked with the same rules as POST api/report/); null: a case without one. */
  report: z
    .object({
      report: submittedReportSchema,
      created: isoDateTime,
    })
    .nullable(),
});
export type TransferReport = z.input<typeof transferReportSchema>;

export const transferReportAnswerSchema = z.object({
  case: z.number().int().describe("The receiver's case id: `case/{id}/…` of the next steps."),
});
export type TransferReportAnswer = z.infer<typeof transferReportAnswerSchema>;

// --- POST case/{id}/thread/ --------------------------------------------------------------------------------

export const TRANSFER_THREAD_POSTS_MAX = 5000;
export const TRANSFER_REPLIES_MAX = 5000;
/** A thread's JSON may be larger than ordinary JSON bodies (2 MB): up to this many bytes. */
export const TRANSFER_THREAD_BODY_LIMIT = 32 * 1024 * 1024;

const transferReplySchema = z.object({ content: postContent, author: authorText, created: isoDateTime });
const transferPostSchema = z.object({
  content: postContent,
  author: authorText,
  created: isoDateTime,
  replies: z.array(transferReplySchema).max(TRANSFER_REPLIES_MAX).default([]),
});

/** POST cvdp/api/transfers/case/{id}/thread/ → 201 TransferThreadAnswer: one thread with its posts. */
export const transferThreadSchema = z.object({
  subject: z.string().trim().min(1, 'This field is required.').max(THREAD_SUBJECT_MAX),
  official: z.boolean().default(false),
  posts: z.array(transferPostSchema).max(TRANSFER_THREAD_POSTS_MAX),
});
export type TransferThread = z.input<typeof transferThreadSchema>;

export const transferThreadAnswerSchema = z.object({ thread: z.number().int() });
export type TransferThreadAnswer = z.infer<typeof transferThreadAnswerSchema>;

// --- POST case/{id}/vuls/ ----------------------------------------------------------------------------------

export const TRANSFER_VULS_MAX = 500;

/** One vulnerability: our create fields, its CVSS vectors and SSVC decision (scores are recomputed). */
export const transferVulSchema = vulCreateSchema.extend({
  /** The sender's vulnerability id (answered back, and used by the advisory's `vulnerabilities`). */
  source_id: idValue,
  cvss: z
    .array(z.object({ version: z.enum(CVSS_VERSIONS), vector: z.string().trim().min(1).max(500) }))
    .max(CVSS_VERSIONS.length)
    .default([]),
  ssvc: ssvcInputSchema.nullable().default(null),
});

/** POST cvdp/api/transfers/case/{id}/vuls/ → 201 TransferVulsAnswer. */
export const transferVulsSchema = z.object({ vuls: z.array(transferVulSchema).max(TRANSFER_VULS_MAX) });
export type TransferVuls = z.input<typeof transferVulsSchema>;

export const transferVulsAnswerSchema = z.object({
  vuls: z.array(z.object({ source_id: z.number().int(), id: z.number().int() })),
});
export type TransferVulsAnswer = z.infer<typeof transferVulsAnswerSchema>;

// --- POST case/{id}/advisory/ ------------------------------------------------------------------------------

/**
 * POST cvdp/api/transfers/case/{id}/advisory/ → 201 TransferAdvisoryAnswer: a new advisory revision.
 * `vulnerabilities` are the SENDER's ids (source_id of the vuls step), mapped by the receiver; empty: all.
 */
export const transferAdvisorySchema = advisoryRevisionSchema;
export type TransferAdvisory = z.input<typeof transferAdvisorySchema>;

export const transferAdvisoryAnswerSchema = z.object({ revision: z.number().int() });
export type TransferAdvisoryAnswer = z.infer<typeof transferAdvisoryAnswerSchema>;

// --- POST case/{id}/artifacts/ (multipart, field `file`) ----------------------------------------------------

/** The multipart field holding the file; its filename and content type are kept. */
export const TRANSFER_FILE_FIELD = 'file';

export const transferArtifactAnswerSchema = z.object({
  uuid: z.string(),
  sha256: z.string(),
  size: z.number().int(),
});
export type TransferArtifactAnswer = z.infer<typeof transferArtifactAnswerSchema>;

// --- POST case/{id}/status/ --------------------------------------------------------------------------------

/** POST cvdp/api/transfers/case/{id}/status/ → 201 TransferArtifactAnswer: the VEX, kept as `vex.json`. */
export const transferStatusSchema = z.object({
  vex: z.record(z.string(), z.unknown(), 'The VEX (a CSAF document) is required.'),
});
export type TransferStatus = z.input<typeof transferStatusSchema>;
export const TRANSFER_VEX_FILE_NAME = 'vex.json';

/** The answers, by step. */
export type TransferAnswer =
  | TransferReportAnswer
  | TransferThreadAnswer
  | TransferVulsAnswer
  | TransferAdvisoryAnswer
  | TransferArtifactAnswer;

// --- POST manage/connection/{id}/test/ (admin) ---------------------------------------------------------------

/** The answer of "test connection": whether the other instance's ping/ accepted our token. */
export const connectionTestResultSchema = z.object({
  ok: z.boolean(),
  outcome: z
    .enum(['reachable', 'unreachable', 'refused'])
    .describe(
      'reachable: a CVDP accepted our token; unreachable: anything else (never told apart); refused: the outbound address policy does not allow the address.',
    ),
  detail: z.string().describe('What happened, for the screen (never the token).'),
  instance: z
    .string()
    .optional()
    .describe("The other instance's name for itself (its CVDP_PUBLIC_URL), when it answered."),
});
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

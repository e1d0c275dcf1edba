// Transfers, the sending side (issue 14): starting a transfer of a case to a connected instance
// (POST /api/case/transfers/) and the transfers of a case with their steps (GET /api/case/{id}/transfers/).
// The receiving side's wire contract (cvdp/api/transfers/…) lives beside this file.
import { z } from 'zod';
import { idValue } from '../ids/index.ts';

/** The steps of a transfer, in the order they run. */
export const TRANSFER_STEPS = ['report', 'threads', 'vuls', 'advisory', 'artifacts', 'status'] as const;
export type TransferStepName = (typeof TRANSFER_STEPS)[number];

export const TRANSFER_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

/** A step waits (pending), runs, is done, or failed (the transfer failed on it). */
export const TRANSFER_STEP_STATES = ['pending', 'running', 'done', 'failed'] as const;
export type TransferStepState = (typeof TRANSFER_STEP_STATES)[number];

export const TRANSFER_STEP_LABELS: Record<TransferStepName, string> = {
  report: 'Report',
  threads: 'Threads',
  vuls: 'Vulnerabilities',
  advisory: 'Advisory',
  artifacts: 'Files',
  status: 'Status (VEX)',
};

export const transferCreateSchema = z
  .object({
    case: idValue,
    connection: idValue,
  })
  .strict();
export type TransferCreate = z.input<typeof transferCreateSchema>;

export const TRANSFER_CONNECTION_UNKNOWN = 'No connection with this id.';
export const TRANSFER_CONNECTION_DISABLED = 'This connection is disabled.';

export const transferStepSchema = z.object({
  step: z.enum(TRANSFER_STEPS),
  state: z.enum(TRANSFER_STEP_STATES),
  items_done: z.number().int(),
  items_total: z.number().int().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  finished: z.string().nullable(),
});
export type TransferStep = z.infer<typeof transferStepSchema>;

/** A transfer of a case with its steps: POST /api/case/transfers/ (202), GET /api/case/{id}/transfers/. */
export const transferSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  case: z.number().int(),
  connection: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  started_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  state: z.enum(TRANSFER_STATES),
  remote_case: z
    .number()
    .int()
    .nullable()
    .describe("The case's id on the receiving instance, once the report step was acknowledged."),
  attempts: z.number().int(),
  next_attempt: z.string().nullable().describe('When a queued transfer will be tried (again).'),
  last_error: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  finished: z.string().nullable(),
  steps: z.array(transferStepSchema),
});
export type Transfer = z.infer<typeof transferSchema>;

/** GET /api/case/transfers/connections/ (staff): the enabled connections a case can be transferred to. */
export const transferTargetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  base_url: z.string(),
});
export type TransferTarget = z.infer<typeof transferTargetSchema>;

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
export type TransferStepState = 'pending' | 'running' | 'done' | 'failed';

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

export interface TransferStep {
  step: TransferStepName;
  state: TransferStepState;
  items_done: number;
  items_total: number | null;
  attempts: number;
  last_error: string | null;
  finished: string | null;
}

export interface Transfer {
  id: number;
  uuid: string;
  case: number;
  connection: { id: number; name: string } | null;
  started_by: { id: number; name: string } | null;
  state: TransferState;
  /** The case's id on the receiving instance, once the report step was acknowledged. */
  remote_case: number | null;
  attempts: number;
  /** When a queued transfer will be tried (again). */
  next_attempt: string | null;
  last_error: string | null;
  created: string;
  updated: string;
  finished: string | null;
  steps: TransferStep[];
}

/** GET /api/case/transfers/connections/ (staff): the enabled connections a case can be transferred to. */
export interface TransferTarget {
  id: number;
  name: string;
  base_url: string;
}

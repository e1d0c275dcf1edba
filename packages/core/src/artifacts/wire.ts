// The JSON the coordination service answers for a case's files. Times are ISO 8601 UTC strings.
import type { UserRef } from '../cases/wire.ts';

/** One file of a case: GET /api/case/{id}/artifacts/. */
export interface ArtifactSummary {
  uuid: string;
  case: number;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  shared: boolean;
  /** 'upload' | 'report' (the proof of concept of the case's report) | 'thread' (attached in a thread) */
  source: string;
  /** The thread it was attached in, if any (thread readers see it). */
  thread?: number | null;
  uploaded_by: UserRef | null;
  created: string;
  /** Absolute path under the coordination service: /api/case/artifact/{uuid}/download/ */
  download_url: string;
}

/** PATCH /api/case/artifact/{uuid}/ (staff): open a file to every participant of the case, or close it. */
export interface ArtifactUpdate {
  share: boolean;
}

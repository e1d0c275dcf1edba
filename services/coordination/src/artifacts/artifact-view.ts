import type { ArtifactSummary } from '@cvdp/core';
import { refOf, type UserRef } from '../accounts/user-refs.ts';
import type { ArtifactRow } from './store.ts';

export const artifactDownloadPath = (uuid: string) => `/api/case/artifact/${uuid}/download/`;

export function artifactView(a: ArtifactRow, refs: Map<number, UserRef>): ArtifactSummary {
  return {
    uuid: a.uuid,
    case: a.caseId,
    file_name: a.fileName,
    content_type: a.contentType,
    size: a.size,
    sha256: a.sha256,
    shared: a.shared,
    source: a.source,
    thread: a.threadId,
    uploaded_by: refOf(refs, a.uploadedBy),
    created: a.createdAt.toISOString(),
    download_url: artifactDownloadPath(a.uuid),
  };
}

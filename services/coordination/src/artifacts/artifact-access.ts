// Which of a case's files someone who may see the case may see (DESIGN §6): staff see them all; everyone
// else sees the files shared with participants and the ones they uploaded themselves — a reporter always
// sees the proof of concept of their own report.
import { eq, or, type SQL } from 'drizzle-orm';
import { type AuthUser, artifacts, isStaff } from '@cvdp/server-kit';

export type ArtifactRow = typeof artifacts.$inferSelect;

export function visibleArtifactsFilter(user: AuthUser): SQL | undefined {
  return isStaff(user) ? undefined : or(eq(artifacts.shared, true), eq(artifacts.uploadedBy, user.id));
}

export const mayDownloadArtifact = (user: AuthUser, a: ArtifactRow) =>
  isStaff(user) || a.shared || a.uploadedBy === user.id;

// Every state change writes an activity row, inside the same transaction as the change.
import type { Db } from './db/database.ts';
import { activity } from './db/schema/index.ts';

export interface ActivityEntry {
  actorId: number | null;
  caseId?: number | null;
  verb: string;
  objectType: string;
  objectId: string | number;
  before?: unknown;
  after?: unknown;
}

export async function recordActivity(db: Db, entry: ActivityEntry) {
  await db.insert(activity).values({
    actorId: entry.actorId,
    caseId: entry.caseId ?? null,
    verb: entry.verb,
    objectType: entry.objectType,
    objectId: String(entry.objectId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

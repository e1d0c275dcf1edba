// Data the coordination service needs in every database, loaded once when the database is created.
import type { Db } from '@cvdp/server-kit';
import { ensureCweCatalogue } from './cwe/ensure-catalogue.ts';

export async function prepareCoordinationData(db: Db): Promise<void> {
  await ensureCweCatalogue(db);
}

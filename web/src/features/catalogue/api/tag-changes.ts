// What a change of a tag's carriers refreshes: the catalogue's tag lists (usage included, under the same
// prefix) and the desk's case lists and their tag filter. A case or vulnerability read later is fetched
// again on its own (nothing keeps them fresh longer).
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';

export const refreshAfterTagChange = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.catalogue.tags() }),
    client.invalidateQueries({ queryKey: queryKeys.desk.all() }),
  ]);

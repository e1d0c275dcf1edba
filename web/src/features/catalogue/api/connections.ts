// GET manage/connections/?all=1: every connection to another instance, enabled or not.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Connection } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const fetchConnections = () =>
  coordinationApi.get<Connection[]>('manage/connections/', { params: { all: 1 } }).then((r) => r.data);

export const connectionsQuery = () =>
  queryOptions({ queryKey: queryKeys.catalogue.connections(), queryFn: fetchConnections });

export const useConnections = () => useQuery(connectionsQuery());

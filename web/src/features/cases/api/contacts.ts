// GET /api/contacts/ (staff): people and groups whose name (or email) holds every word, for the people
// picker. The picker searches as the user types (its own debounce and cancelling), so it calls the fetcher.
import type { Contact } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';

export const fetchContacts = (query: string, signal?: AbortSignal) =>
  coordinationApi.get<Contact[]>('api/contacts/', { params: { query }, signal }).then((r) => r.data);

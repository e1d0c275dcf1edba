// GET /api/vul/{id}/vex/: the vulnerability's CSAF VEX document, asked for when the user downloads it (a 409
// with the reason when there is nothing to say yet). A mutation, not a query: nothing keeps or shows it.
import { useMutation } from '@tanstack/react-query';
import { coordinationApi } from '../../../lib/api-client.ts';

export const fetchVex = (vulId: number) =>
  coordinationApi.get<unknown>(`api/vul/${vulId}/vex/`, { responseType: 'json' }).then((r) => r.data);

export const useVexDownload = (vulId: number) => useMutation({ mutationFn: () => fetchVex(vulId) });

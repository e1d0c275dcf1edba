// GET /api/case/{id}/advisory/csaf/[?version=2.1]: the CSAF document built from the latest revision, which
// the server validates before serving it (a 409 lists the failed tests).
import { useMutation } from '@tanstack/react-query';
import { AxiosError } from 'axios';
import type { CsafVersion } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';

/** The CSAF document as the server serves it (text, to be saved as is) with the number of tests it passed. */
export interface CsafExport {
  text: string;
  fileName: string;
  testsRun: number;
}

export const fetchCsaf = (caseId: number, version: CsafVersion) =>
  coordinationApi
    .get<string>(`api/case/${caseId}/advisory/csaf/`, {
      params: version === '2.1' ? { version } : {},
      responseType: 'text',
      transformResponse: (data: string) => data,
    })
    .then((r): CsafExport => {
      const disposition = String(r.headers['content-disposition'] ?? '');
      const name = /filename="?([^";]+)"?/.exec(disposition)?.[1];
      return {
        text: r.data,
        fileName: name ?? `vu_${caseId}.json`,
        testsRun: Number(r.headers['x-csaf-tests-run'] ?? 0),
      };
    })
    .catch((error: unknown) => {
      // The answer was asked for as text: a refusal's JSON body is read back so its detail and failed tests show.
      if (error instanceof AxiosError && typeof error.response?.data === 'string') {
        try {
          error.response.data = JSON.parse(error.response.data) as unknown;
        } catch {
          // Not JSON (a proxy's page): the status code is all there is.
        }
      }
      throw error;
    });

/**
 * The preview is asked for by a click and validated afresh each time (the latest revision or the settings
 * may have changed): a mutation, not a cached query. Its data is the last document, its error the refusal.
 */
export const useCsafPreview = (caseId: number) =>
  useMutation({ mutationFn: (version: CsafVersion) => fetchCsaf(caseId, version) });

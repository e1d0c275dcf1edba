// POST manage/case/options/resolutions/: a new resolution.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ResolutionOption } from '@cvdp/core';
import type { resolutionCreateSchema } from '@cvdp/core/catalogue/index';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ResolutionInput = z.output<typeof resolutionCreateSchema>;

export const createResolution = (input: ResolutionInput) =>
  coordinationApi.post<ResolutionOption>('manage/case/options/resolutions/', input).then((r) => r.data);

export function useCreateResolution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createResolution,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.catalogue.resolutions() }),
  });
}

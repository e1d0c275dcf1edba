// PATCH manage/case/options/resolution/{id}/: renames or describes a resolution (cases show the new name).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ResolutionOption } from '@cvdp/core';
import type { resolutionUpdateSchema } from '@cvdp/core/catalogue/index';
import { coordinationApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ResolutionUpdate = z.output<typeof resolutionUpdateSchema>;

export const updateResolution = (id: number, input: ResolutionUpdate) =>
  coordinationApi.patch<ResolutionOption>(`manage/case/options/resolution/${id}/`, input).then((r) => r.data);

export function useUpdateResolution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ResolutionUpdate }) => updateResolution(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.catalogue.resolutions() }),
  });
}

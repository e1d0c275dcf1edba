// POST /api/user/password/: the signed-in user changes their password (other sessions are signed out).
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordSchema } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';

export type ChangePasswordBody = z.output<typeof changePasswordSchema>;

export const changePassword = (body: ChangePasswordBody) => coordinationApi.post('api/user/password/', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });

// POST /api/auth/register/: a new account, waiting for an administrator's approval.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RegistrationResult, registerSchema } from '@cvdp/core';
import { coordinationApi } from '../../../lib/api-client.ts';

export type RegisterBody = z.output<typeof registerSchema>;

export const register = (body: RegisterBody) =>
  coordinationApi.post<RegistrationResult>('api/auth/register/', body).then((r) => r.data);

// The new account signs nobody in: there is nothing to refresh.
export const useRegister = () => useMutation({ mutationFn: register });

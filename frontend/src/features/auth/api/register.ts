import { endpoints } from '@careers/contracts/api/endpoints';
import type { User } from '@careers/contracts/entities/user';
import { fallbackMessages } from '@careers/contracts/messages';
import type { RegisterRequest } from '@careers/contracts/requests/register';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { setCurrentUser } from '../../../lib/current-user';

export async function registerAccount(account: RegisterRequest): Promise<User> {
  const reply = await callApi(
    endpoints.register,
    { body: account },
    { fallbackMessage: fallbackMessages.register, redirectOnUnauthorized: false },
  );
  return reply.user;
}

/**
 * Creates the account (the server signs it in) and puts the user straight into the cache, where the
 * route guards see it and move on (PublicOnly).
 */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerAccount,
    onSuccess: (user) => setCurrentUser(queryClient, user),
  });
}

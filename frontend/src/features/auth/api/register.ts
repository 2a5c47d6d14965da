import { authRoutes } from '@careers/contracts/api/auth-routes';
import type { UserResponse } from '@careers/contracts/api/responses';
import type { User } from '@careers/contracts/entities/user';
import { fallbackMessages } from '@careers/contracts/messages';
import type { RegisterRequest } from '@careers/contracts/requests/register';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { setCurrentUser } from '../../../lib/current-user';

export async function registerAccount(account: RegisterRequest): Promise<User> {
  const body = await apiClient.post<UserResponse>(authRoutes.register.path, account, {
    fallbackMessage: fallbackMessages.register,
    redirectOnUnauthorized: false,
  });
  return body.user;
}

/** Creates the account (the server signs it in) and puts the user straight into the cache. */
export function useRegister(onRegistered: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerAccount,
    onSuccess: (user) => {
      setCurrentUser(queryClient, user);
      onRegistered();
    },
  });
}

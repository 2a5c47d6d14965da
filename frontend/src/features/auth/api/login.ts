import { endpoints } from '@careers/contracts/api/endpoints';
import type { User } from '@careers/contracts/entities/user';
import { fallbackMessages } from '@careers/contracts/messages';
import type { LoginRequestInput } from '@careers/contracts/requests/login';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { setCurrentUser } from '../../../lib/current-user';

export async function login(credentials: LoginRequestInput): Promise<User> {
  const reply = await callApi(
    endpoints.login,
    { body: credentials },
    {
      fallbackMessage: fallbackMessages.login,
      // A wrong password is a 400 with its own message; a 401 here must not bounce the login screen.
      redirectOnUnauthorized: false,
    },
  );
  return reply.user;
}

/**
 * Signs in and puts the user straight into the cache, so the next screen needs no session check. The
 * route guards see the user there and move on (PublicOnly).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => setCurrentUser(queryClient, user),
  });
}

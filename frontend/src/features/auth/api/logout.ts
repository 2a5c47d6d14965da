import { authRoutes } from '@careers/contracts/api/auth-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { setCurrentUser } from '../../../lib/current-user';

export function logout(): Promise<void> {
  return apiClient.post<void>(authRoutes.logout.path, undefined, { redirectOnUnauthorized: false });
}

/**
 * Signs out locally whatever the server says: a person who clicks Logout must not stay on a signed-in
 * screen because the network failed. Everything cached for this user is dropped.
 */
export function useLogout(onSignedOut: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      setCurrentUser(queryClient, null);
      onSignedOut();
    },
  });
}

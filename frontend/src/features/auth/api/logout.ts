import { endpoints } from '@careers/contracts/api/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { forgetCurrentUser } from '../../../lib/current-user';

export async function logout(): Promise<void> {
  await callApi(endpoints.logout, {}, { redirectOnUnauthorized: false });
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
      forgetCurrentUser(queryClient);
      onSignedOut();
    },
  });
}

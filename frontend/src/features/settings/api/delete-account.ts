import { endpoints } from '@careers/contracts/api/endpoints';
import { accountMessages } from '@careers/contracts/messages';
import type { DeleteAccountRequest } from '@careers/contracts/requests/delete-account';
import { notifyManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { forgetCurrentUser } from '../../../lib/current-user';

export function deleteAccount(body: DeleteAccountRequest) {
  return callApi(endpoints.deleteAccount, { body }, { fallbackMessage: accountMessages.deleteFailed });
}

/**
 * Deletes the account. Once the server has, the client forgets the person as a sign-out does (every
 * cached answer dropped, the user set to none) and `onDeleted` takes them away; a refusal (a wrong
 * password) changes nothing and stays on the mutation for the form to show.
 */
export function useDeleteAccount(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      forgetCurrentUser(queryClient);
      // After the cache has told the screens (its notices go out together, a tick later): had the
      // move to /login come first, the sign-in screen's guard would still see the person signed in
      // and send them on to the dashboard, dropping what the move carries (the message to show).
      notifyManager.schedule(onDeleted);
    },
  });
}

import { endpoints } from '@careers/contracts/api/endpoints';
import { fallbackMessages } from '@careers/contracts/messages';
import type { ChangePasswordRequest } from '@careers/contracts/requests/change-password';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export function changePassword(passwords: ChangePasswordRequest) {
  return callApi(
    endpoints.changePassword,
    { body: passwords },
    { fallbackMessage: fallbackMessages.changePassword },
  );
}

/** The signed-in user is unchanged by a new password, so nothing in the cache moves. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

import { authRoutes } from '@careers/contracts/api/auth-routes';
import type { MessageResponse } from '@careers/contracts/api/responses';
import { fallbackMessages } from '@careers/contracts/messages';
import type { ChangePasswordRequest } from '@careers/contracts/requests/change-password';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export function changePassword(passwords: ChangePasswordRequest): Promise<MessageResponse> {
  return apiClient.put<MessageResponse>(authRoutes.changePassword.path, passwords, {
    fallbackMessage: fallbackMessages.changePassword,
  });
}

/** The signed-in user is unchanged by a new password, so nothing in the cache moves. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

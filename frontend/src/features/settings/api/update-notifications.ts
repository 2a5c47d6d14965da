import { profileRoutes } from '@careers/contracts/api/profile-routes';
import { fallbackMessages } from '@careers/contracts/messages';
import type { UpdateNotificationsRequest } from '@careers/contracts/requests/update-notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { mergeIntoCurrentUser } from '../../../lib/current-user';

export async function updateNotifications(settings: UpdateNotificationsRequest) {
  const reply = await callApi(
    profileRoutes.updateNotifications,
    { body: settings },
    { fallbackMessage: fallbackMessages.updateNotifications },
  );
  return reply.data;
}

export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotifications,
    onSuccess: (data) => mergeIntoCurrentUser(queryClient, data),
  });
}

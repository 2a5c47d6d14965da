import { endpoints } from '@careers/contracts/api/endpoints';
import { fallbackMessages } from '@careers/contracts/messages';
import type { UpdateNotificationsRequest } from '@careers/contracts/requests/update-notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { mergeIntoCurrentUser } from '../../../lib/current-user';

export async function updateNotifications(settings: UpdateNotificationsRequest) {
  const reply = await callApi(
    endpoints.updateNotifications,
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

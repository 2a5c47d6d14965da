import { profileRoutes } from '@careers/contracts/api/profile-routes';
import { fallbackMessages } from '@careers/contracts/messages';
import type { UpdateNotificationsRequest } from '@careers/contracts/requests/update-notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { mergeIntoCurrentUser } from '../../../lib/current-user';

type UpdateNotificationsResponse = z.infer<typeof profileRoutes.updateNotifications.response>;

export async function updateNotifications(
  settings: UpdateNotificationsRequest,
): Promise<UpdateNotificationsResponse['data']> {
  const body = await apiClient.put<UpdateNotificationsResponse>(
    profileRoutes.updateNotifications.path,
    settings,
    {
      fallbackMessage: fallbackMessages.updateNotifications,
    },
  );
  return body.data;
}

export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotifications,
    onSuccess: (data) => mergeIntoCurrentUser(queryClient, data),
  });
}

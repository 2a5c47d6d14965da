import { profileRoutes } from '@careers/contracts/api/profile-routes';
import type { AppearanceSettings } from '@careers/contracts/entities/appearance-settings';
import { fallbackMessages } from '@careers/contracts/messages';
import type { UpdateAppearanceRequest } from '@careers/contracts/requests/update-appearance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { mergeIntoCurrentUser } from '../../../lib/current-user';

export async function updateAppearance(settings: UpdateAppearanceRequest) {
  const reply = await callApi(
    profileRoutes.updateAppearance,
    { body: settings },
    { fallbackMessage: fallbackMessages.updateAppearance },
  );
  return reply.data;
}

/** `onSaved` runs even if the tab is gone by the time the answer comes, so a saved theme is applied. */
export function useUpdateAppearance(onSaved: (settings: AppearanceSettings) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAppearance,
    onSuccess: (data) => {
      mergeIntoCurrentUser(queryClient, data);
      onSaved(data.appearanceSettings);
    },
  });
}

import { profileRoutes } from '@careers/contracts/api/profile-routes';
import type { AppearanceSettings } from '@careers/contracts/entities/appearance-settings';
import { fallbackMessages } from '@careers/contracts/messages';
import type { UpdateAppearanceRequest } from '@careers/contracts/requests/update-appearance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { mergeIntoCurrentUser } from '../../../lib/current-user';

type UpdateAppearanceResponse = z.infer<typeof profileRoutes.updateAppearance.response>;

export async function updateAppearance(
  settings: UpdateAppearanceRequest,
): Promise<UpdateAppearanceResponse['data']> {
  const body = await apiClient.put<UpdateAppearanceResponse>(profileRoutes.updateAppearance.path, settings, {
    fallbackMessage: fallbackMessages.updateAppearance,
  });
  return body.data;
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

import { endpoints } from '@careers/contracts/api/endpoints';
import type { AppearanceSettings } from '@careers/contracts/entities/appearance-settings';
import type { User } from '@careers/contracts/entities/user';
import { fallbackMessages } from '@careers/contracts/messages';
import type { UpdateAppearanceRequest } from '@careers/contracts/requests/update-appearance';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { currentUserQueryKey, mergeIntoCurrentUser } from '../../../lib/current-user';
import type { ThemePreference } from '../../../lib/theme';

export async function updateAppearance(settings: UpdateAppearanceRequest) {
  const reply = await callApi(
    endpoints.updateAppearance,
    { body: settings },
    { fallbackMessage: fallbackMessages.updateAppearance },
  );
  return reply.data;
}

/**
 * The Appearance tab and the top bar's theme toggle both save through PUT /users/appearance. One
 * scope runs their saves one after another, so the server ends with the last choice made, not with
 * whichever request happened to arrive last.
 */
const appearanceSaves = { mutationKey: ['users', 'appearance'], scope: { id: 'users-appearance' } };

function savedAppearance(queryClient: QueryClient): AppearanceSettings | null {
  return queryClient.getQueryData<User | null>(currentUserQueryKey)?.appearanceSettings ?? null;
}

/**
 * The Appearance tab's save. The answer goes into the signed-in user, and the theme provider follows
 * the user's saved theme, so a saved theme applies here even if the tab is gone by then.
 */
export function useUpdateAppearance() {
  const queryClient = useQueryClient();
  return useMutation({
    ...appearanceSaves,
    mutationFn: updateAppearance,
    onSuccess: (data) => mergeIntoCurrentUser(queryClient, data),
  });
}

/**
 * The top bar's toggle: the theme changes at once (in the signed-in user, so the Appearance tab shows
 * it too) and is saved with the user's other appearance settings. Clicked quickly several times, only
 * the last answer is applied, so the screen does not flicker back through the earlier choices; a
 * failed save puts the saved theme back and is only logged, as there is nowhere to say it.
 */
export function useSaveTheme() {
  const queryClient = useQueryClient();
  const isLastSave = () => queryClient.isMutating({ mutationKey: appearanceSaves.mutationKey }) <= 1;
  const setTheme = (theme: ThemePreference) => {
    const settings = savedAppearance(queryClient);
    if (settings) mergeIntoCurrentUser(queryClient, { appearanceSettings: { ...settings, theme } });
  };
  const mutation = useMutation({
    ...appearanceSaves,
    mutationFn: (change: { settings: AppearanceSettings; before: ThemePreference }) =>
      updateAppearance(change.settings),
    onMutate: (change) => setTheme(change.settings.theme),
    onSuccess: (data) => {
      if (isLastSave()) mergeIntoCurrentUser(queryClient, data);
    },
    onError: (error, change) => {
      if (isLastSave() && savedAppearance(queryClient)?.theme === change.settings.theme) {
        setTheme(change.before);
      }
      console.error(fallbackMessages.updateAppearance, error);
    },
  });

  return (theme: ThemePreference): boolean => {
    const settings = savedAppearance(queryClient);
    if (!settings) return false;
    mutation.mutate({ settings: { ...settings, theme }, before: settings.theme });
    return true;
  };
}

import { endpoints } from '@careers/contracts/api/endpoints';
import type { MailPreferences } from '@careers/contracts/mail';
import { mailMessages } from '@careers/contracts/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { mailPreferencesQueryKey as key } from '../../../lib/current-user';

const text = mailMessages.preferences;

/** GET /users/mail-preferences: how job alerts are mailed to the signed-in person. */
export function useMailPreferences() {
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (await callApi(endpoints.getMailPreferences, {}, { signal, fallbackMessage: text.loadFailed })).data,
  });
}

/** PUT /users/mail-preferences, the answer kept as the query's data. */
export function useUpdateMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: MailPreferences) =>
      (
        await callApi(
          endpoints.updateMailPreferences,
          { body: preferences },
          { fallbackMessage: text.saveFailed },
        )
      ).data,
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}

import { endpoints } from '@careers/contracts/api/endpoints';
import { fallbackMessages } from '@careers/contracts/messages';
import type { UpdateProfileRequestInput } from '@careers/contracts/requests/update-profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { mergeIntoCurrentUser } from '../../../lib/current-user';
import { recommendedJobsKey } from '../../dashboard/api/recommended-jobs';

/** Spec section 7: PUT /users/profile; the reply's `data` holds the profile fields as saved. */
export async function updateProfile(profile: UpdateProfileRequestInput) {
  const reply = await callApi(
    endpoints.updateProfile,
    { body: profile },
    { fallbackMessage: fallbackMessages.updateProfile },
  );
  return reply.data;
}

/**
 * The saved fields go into the signed-in user, so the top bar's name follows at once; the dashboard's
 * Recommended Jobs, ranked by the skills and preferences, are read again.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      mergeIntoCurrentUser(queryClient, data);
      void queryClient.invalidateQueries({ queryKey: recommendedJobsKey });
    },
  });
}

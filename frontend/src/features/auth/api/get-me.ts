import { authRoutes } from '@careers/contracts/api/auth-routes';
import type { User } from '@careers/contracts/entities/user';
import { fallbackMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';

export async function getMe(signal?: AbortSignal): Promise<User | null> {
  const reply = await callApi(
    authRoutes.getMe,
    {},
    { signal, fallbackMessage: fallbackMessages.getUser, redirectOnUnauthorized: false },
  );
  // The reply is typed, not parsed: an empty answer must still read as signed out, not as a crash.
  return reply?.user ?? null;
}

/** `null` data means signed out; login, register and logout write this key directly. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}

import { endpoints } from '@careers/contracts/api/endpoints';
import type { User } from '@careers/contracts/entities/user';
import { fallbackMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';

export async function getMe(signal?: AbortSignal): Promise<User | null> {
  const reply = await callApi(
    endpoints.getMe,
    {},
    { signal, fallbackMessage: fallbackMessages.getUser, redirectOnUnauthorized: false },
  );
  // The reply is typed, not parsed: an empty answer must still read as signed out, not as a crash.
  return reply?.user ?? null;
}

/**
 * A 503 says the session is valid but the read side has not caught up with its user yet (just
 * registered, or a service restarting): lag, not a sign-out. The check is asked again, a little later
 * each time, for about a minute, and the app keeps showing its loading state meanwhile.
 */
export const ME_RETRIES_WHILE_CATCHING_UP = 30;

export function meRetryDelay(attempt: number): number {
  return Math.min(250 * 2 ** attempt, 2000);
}

/** `null` data means signed out; login, register and logout write this key directly. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    retry: (failures, error) =>
      error instanceof ApiError && error.status === 503 && failures < ME_RETRIES_WHILE_CATCHING_UP,
    retryDelay: meRetryDelay,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}

import { authRoutes } from '@careers/contracts/api/auth-routes';
import type { User } from '@careers/contracts/entities/user';
import { fallbackMessages } from '@careers/contracts/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';

export async function getMe(signal?: AbortSignal): Promise<User | null> {
  const body = await apiClient.get<{ user?: User | null } | undefined>(authRoutes.getMe.path, {
    signal,
    fallbackMessage: fallbackMessages.getUser,
    redirectOnUnauthorized: false,
  });
  return body?.user ?? null;
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

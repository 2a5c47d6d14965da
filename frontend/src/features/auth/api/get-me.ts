import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { authFallbackMessages } from '../../../lib/texts';

/**
 * The fields the shell shows. Replace with the User type from `@careers/contracts` when accounts land
 * there; this is the only hand-written user shape in the frontend.
 */
export interface SessionUser {
  _id: string;
  firstName: string;
  lastName: string;
}

export async function getMe(signal?: AbortSignal): Promise<SessionUser | null> {
  const body = await apiClient.get<{ user?: SessionUser | null } | undefined>('/auth/me', {
    signal,
    fallbackMessage: authFallbackMessages.getUser,
    redirectOnUnauthorized: false,
  });
  return body?.user ?? null;
}

/** `null` data means signed out; login, register and logout write this key directly. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'] as const,
    queryFn: ({ signal }) => getMe(signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}

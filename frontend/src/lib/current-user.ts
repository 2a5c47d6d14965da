import type { User } from '@careers/contracts/entities/user';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The signed-in user lives in the query cache under this key: the session check fills it, and login,
 * register, logout and every profile or settings save write it directly, so the screens never wait
 * for another GET /auth/me. `null` means signed out.
 */
export const currentUserQueryKey = ['auth', 'me'] as const;

/**
 * How job alerts are mailed to the signed-in person (Settings, Notifications): kept apart from the user,
 * and read again with it when another tab changes them (`useLiveUser`).
 */
export const mailPreferencesQueryKey = ['mail-preferences'] as const;

export function setCurrentUser(queryClient: QueryClient, user: User | null): void {
  queryClient.setQueryData<User | null>(currentUserQueryKey, user);
}

/** Signing out, or the account gone: every answer cached for the person dropped, and no user. */
export function forgetCurrentUser(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
  setCurrentUser(queryClient, null);
}

/** A save answers with the user fields it changed (`data`); they replace the cached ones. */
export function mergeIntoCurrentUser(queryClient: QueryClient, changes: Partial<User>): void {
  queryClient.setQueryData<User | null>(currentUserQueryKey, (user) =>
    user ? { ...user, ...changes } : user,
  );
}

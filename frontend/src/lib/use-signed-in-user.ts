import type { User } from '@careers/contracts/entities/user';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { currentUserQueryKey } from './current-user';

/**
 * The signed-in user as the cache holds it now (null while signed out or not yet known), for shared
 * code that sits outside the auth feature: the theme and the locale. It only reads the cache, so it
 * never starts the session check and never changes that query's options.
 */
export function useSignedInUser(): User | null {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const read = () => queryClient.getQueryData<User | null>(currentUserQueryKey) ?? null;
  return useSyncExternalStore(subscribe, read, read);
}

import type { User } from '@careers/contracts/entities/user';
import { hashKey, notifyManager, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { currentUserQueryKey } from './current-user';

const currentUserHash = hashKey(currentUserQueryKey);

/**
 * The signed-in user as the cache holds it now (null while signed out or not yet known), for shared
 * code that sits outside the auth feature: the theme and the locale. It only reads the cache, so it
 * never starts the session check and never changes that query's options. It listens to that one query
 * only, and through react-query's scheduler as its own hooks do: a cache event fired while another
 * component renders (a query created or dropped) must not re-render the whole app there and then.
 */
export function useSignedInUser(): User | null {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const notify = notifyManager.batchCalls(onChange);
      return queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === currentUserHash) notify();
      });
    },
    [queryClient],
  );
  const read = () => queryClient.getQueryData<User | null>(currentUserQueryKey) ?? null;
  return useSyncExternalStore(subscribe, read, read);
}

import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshConnections } from './connection-cache';

/** A connection command's target, and the intent's Idempotency-Key (lib/intent.ts) when it has one. */
export interface KeyedId {
  id: string;
  key?: string;
}

/**
 * Every connection command has the same course: on success the spec's change to the cached lists at
 * once (`change`), then every list and count read again behind it, waiting for the reply's token. A
 * failure is only logged, as spec section 8 says of connection failures, and the lists are read again
 * all the same, so the screen shows what is true now (a request withdrawn meanwhile leaves it).
 */
export function useConnectionCommand<Variables, Reply>(
  call: (variables: Variables) => Promise<Reply>,
  failure: string,
  change: (queryClient: QueryClient, variables: Variables) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_reply, variables) => {
      change(queryClient, variables);
      void refreshConnections(queryClient);
    },
    onError: (error) => {
      console.error(failure, error);
      void refreshConnections(queryClient);
    },
  });
}

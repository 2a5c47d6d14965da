import { QueryClient } from '@tanstack/react-query';
import { ApiError, setSessionProbe } from './api-client';
import { currentUserQueryKey } from './current-user';

/** A 4xx will not change by asking again, nor will a call the offline browser did not send; a network blip or a 5xx might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.offline || (error.status !== null && error.status < 500)))
    return false;
  return failureCount < 2;
}

/**
 * `networkMode: 'always'`: react-query's default pauses queries and mutations while the browser is
 * offline and runs them once it is back, which showed "Loading..." and "Posting..." for as long as
 * the network was down and then sent a post or a like after the person had left the page. Here every
 * call runs at once: offline, the api client refuses it (nothing is sent) and the screen shows its
 * error, with the offline banner above (components/connectivity-banner.tsx). Back online, the open
 * screens read again (refetchOnReconnect).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();

// A 401 sends the browser to sign in only once the session check had found someone signed in.
setSessionProbe(() => queryClient.getQueryData(currentUserQueryKey) != null);

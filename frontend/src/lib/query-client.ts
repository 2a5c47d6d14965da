import { QueryClient } from '@tanstack/react-query';
import { ApiError, setSessionProbe } from './api-client';
import { currentUserQueryKey } from './current-user';

/** A 4xx will not change by asking again; a network blip or a 5xx might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status !== null && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// A 401 sends the browser to sign in only once the session check had found someone signed in.
setSessionProbe(() => queryClient.getQueryData(currentUserQueryKey) != null);

import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '../lib/current-user';

/** The routes whose first reads start with the route (see createRouteTable's `prefetching`). */
export type ScreenData = 'dashboard' | 'jobs' | 'feed';

/**
 * What each one reads first, by the same query options as its components, so the components find the
 * read under way (or done) and send nothing of their own. Each reads its query modules on demand:
 * they come in the chunk its screen shares with them, not in the first one every page loads.
 */
type FirstRead = (queryClient: QueryClient, url: URL, signedOut: () => boolean) => Promise<unknown>;

const firstReads: Record<ScreenData, FirstRead> = {
  async dashboard(queryClient, _url, signedOut) {
    const [{ dashboardJobsQueryOptions }, { dashboardFeedFilters }, { feedQueryOptions }] = await Promise.all(
      [
        import('../features/dashboard/api/dashboard-jobs'),
        import('../features/dashboard/api/dashboard-feed'),
        import('../features/feed/api/get-feed'),
      ],
    );
    if (signedOut()) return;
    return Promise.all([
      queryClient.prefetchQuery(dashboardJobsQueryOptions),
      queryClient.prefetchInfiniteQuery(feedQueryOptions(dashboardFeedFilters)),
    ]);
  },
  async jobs(queryClient, url, signedOut) {
    const { jobFiltersOf, jobListQueryOptions } = await import('../features/jobs/api/list-jobs');
    if (signedOut()) return;
    return queryClient.prefetchQuery(jobListQueryOptions(jobFiltersOf(url.searchParams)));
  },
  async feed(queryClient, _url, signedOut) {
    const { feedQueryOptions, feedScreenFilters } = await import('../features/feed/api/get-feed');
    if (signedOut()) return;
    return queryClient.prefetchInfiniteQuery(feedQueryOptions(feedScreenFilters));
  },
};

/**
 * Starts `screen`'s first reads and returns at once. A visitor who turns out to be signed out gets a
 * 401 here, which is dropped: the session check sends them to sign in (api-client redirects on a 401
 * only once the session was known to be good). Once the check has said signed out (`null`: signed
 * out while the modules loaded, say), nothing is read.
 */
export function prefetchScreenData(queryClient: QueryClient, screen: ScreenData, url: URL): void {
  const signedOut = () => queryClient.getQueryData(currentUserQueryKey) === null;
  if (signedOut()) return;
  firstReads[screen](queryClient, url, signedOut).catch(() => {});
}

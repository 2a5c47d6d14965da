import type { QueryClient } from '@tanstack/react-query';
import { dashboardFeedFilters } from '../features/dashboard/api/dashboard-feed';
import { dashboardJobsQueryOptions } from '../features/dashboard/api/dashboard-jobs';
import { recommendedJobsQueryOptions } from '../features/dashboard/api/recommended-jobs';
import { feedQueryOptions, feedScreenFilters, tagFeedFilters } from '../features/feed/api/get-feed';
import { savedJobsQueryOptions } from '../features/jobs/api/get-saved-jobs';
import { jobFiltersOf, jobListQueryOptions } from '../features/jobs/api/list-jobs';
import { tagSummaryQueryOptions } from '../features/tags/api/get-tag';
import { tagOfUrl } from '../features/tags/tag-in-url';
import { currentUserQueryKey } from '../lib/current-user';

/** The routes whose first reads start with the route (see createRouteTable's `prefetching`). */
export type ScreenData = 'dashboard' | 'jobs' | 'feed';

/**
 * What each one reads first, by the same query options as its components, so the components find the
 * read under way (or done) and send nothing of their own. These modules are small and free of zod:
 * they come with the first script, so each read starts as the route is matched, not a download later.
 */
const firstReads: Record<ScreenData, (queryClient: QueryClient, url: URL) => Promise<unknown>> = {
  dashboard: (queryClient) =>
    Promise.all([
      queryClient.prefetchQuery(dashboardJobsQueryOptions),
      queryClient.prefetchQuery(recommendedJobsQueryOptions),
      queryClient.prefetchInfiniteQuery(feedQueryOptions(dashboardFeedFilters)),
    ]),
  // The saved list marks the cards' Save toggles (beyond the spec): read beside the jobs, they show
  // marked from the start.
  jobs: (queryClient, url) =>
    Promise.all([
      queryClient.prefetchQuery(jobListQueryOptions(jobFiltersOf(url.searchParams))),
      queryClient.prefetchQuery(savedJobsQueryOptions()),
    ]),
  // A tag's page (`/feed?tag=word`, beyond the spec) reads its posts and its header; a tag that cannot
  // be one reads nothing (the screen says so).
  feed: async (queryClient, url) => {
    const wanted = tagOfUrl(url.searchParams);
    if (wanted.kind === 'none') return queryClient.prefetchInfiniteQuery(feedQueryOptions(feedScreenFilters));
    if (wanted.kind === 'invalid') return;
    return Promise.all([
      queryClient.prefetchInfiniteQuery(feedQueryOptions(tagFeedFilters(wanted.key))),
      queryClient.prefetchQuery(tagSummaryQueryOptions(wanted.key)),
    ]);
  },
};

/**
 * Starts `screen`'s first reads and returns at once. A visitor who turns out to be signed out gets a
 * 401 here, which is dropped: the session check sends them to sign in (api-client redirects on a 401
 * only once the session was known to be good). Once the check has said signed out (`null`), nothing
 * is read.
 */
export function prefetchScreenData(queryClient: QueryClient, screen: ScreenData, url: URL): void {
  if (queryClient.getQueryData(currentUserQueryKey) === null) return;
  firstReads[screen](queryClient, url).catch(() => {});
}

import { dashboardCounts } from '@careers/contracts/constants';
import { type FeedFilters, feedListsKey } from '../../feed/api/get-feed';

/**
 * Spec, Dashboard: "3 feed posts", from the reader's network (their home timeline). The same filters
 * as the feed's Recent Activity card, so the Recent Posts count and that card share one cache entry
 * and one request.
 */
export const dashboardFeedFilters: FeedFilters = { limit: dashboardCounts.posts, following: true };
export const dashboardFeedKey = [...feedListsKey, dashboardFeedFilters] as const;

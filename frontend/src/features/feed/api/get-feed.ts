import { endpoints } from '@careers/contracts/api/endpoints';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@careers/contracts/constants';
import type { Post } from '@careers/contracts/entities/post';
import { fallbackMessages } from '@careers/contracts/messages';
import type { RouteResponse } from '@careers/contracts/routes';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The feed lists' cache entries: the pages loaded so far, each as the server answered it. */
export type FeedData = InfiniteData<RouteResponse<'getFeed'>, number>;

/** What a feed list asks for: the feed screen and the dashboard's Recent Activity differ only here. */
export interface FeedFilters {
  limit: number;
  /**
   * Only the reader's network: their own posts, their connections', and (beyond the spec) those
   * carrying a tag they follow.
   */
  following?: boolean;
  /** Beyond the spec: one person's posts, as far as the reader may see them (their profile page). */
  author?: string;
  /** Beyond the spec: the posts carrying one tag (its page), as tags compare (tagKey). */
  tag?: string;
}

/** The feed screen's list: the whole feed, newest first, a page at a time. */
export const feedScreenFilters: FeedFilters = { limit: DEFAULT_PAGE_SIZE };

/** The feed screen's list on a tag's page (`/feed?tag=word`); `key` is the tag's tagKey. */
export function tagFeedFilters(key: string): FeedFilters {
  return { ...feedScreenFilters, tag: key };
}

/** Every cached feed list sits under this key, whatever its filters. */
export const feedListsKey = ['posts', 'feed'] as const;

export function getFeedPage(filters: FeedFilters, page: number, signal?: AbortSignal) {
  return callApi(
    endpoints.getFeed,
    {
      // Page 1 is the server's default, so the first call asks only for what differs.
      query: {
        page: page === DEFAULT_PAGE ? undefined : page,
        limit: filters.limit,
        following: filters.following,
        author: filters.author,
        tags: filters.tag,
      },
    },
    { signal, fallbackMessage: fallbackMessages.fetchFeed },
  );
}

/** One cache entry per list; "Load more" adds the next page to it. */
export const feedQueryOptions = (filters: FeedFilters) =>
  infiniteQueryOptions({
    // Its route starts this read (app/screen-data.ts): a failure there is the screen's own, shown with
    // Try again, not read again unasked when the screen mounts.
    retryOnMount: false,
    queryKey: [...feedListsKey, filters] as const,
    queryFn: ({ pageParam, signal }) => getFeedPage(filters, pageParam, signal),
    initialPageParam: DEFAULT_PAGE,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      lastPage.pagination.hasNext ? lastPageParam + 1 : undefined,
  });

export function useFeed(filters: FeedFilters) {
  return useInfiniteQuery(feedQueryOptions(filters));
}

/**
 * The posts of the loaded pages, newest first, each once: pages are offsets, so a post published
 * between two page loads pushes the last post of one page to the top of the next.
 */
export function postsOf(data: Pick<FeedData, 'pages'> | undefined): Post[] {
  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const page of data?.pages ?? []) {
    for (const post of page.data) {
      if (seen.has(post._id)) continue;
      seen.add(post._id);
      posts.push(post);
    }
  }
  return posts;
}

/**
 * Back to the newest posts: each list keeps only its first page and asks for it again (the list on
 * screen now, the others when next shown). The old posts stay visible until the answer comes.
 */
export function refreshFeedLists(queryClient: QueryClient): void {
  queryClient.setQueriesData<FeedData>({ queryKey: feedListsKey }, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
  void queryClient.invalidateQueries({ queryKey: feedListsKey });
}

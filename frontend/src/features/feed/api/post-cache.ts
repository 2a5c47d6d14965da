import type { Comment } from '@careers/contracts/entities/comment';
import type { Post } from '@careers/contracts/entities/post';
import { tagKey } from '@careers/contracts/tags';
import type { Query, QueryClient } from '@tanstack/react-query';
import { type FeedData, type FeedFilters, feedListsKey } from './get-feed';
import { myPostsQueryKey } from './get-my-posts';
import { postQueryKey } from './get-post';

function replaceIn(posts: Post[], postId: string, change: (post: Post) => Post): Post[] {
  return posts.map((post) => (post._id === postId ? change(post) : post));
}

/**
 * Changes one post wherever the cache holds it: every feed list, the open post and my posts. Likes,
 * comments and live counts all go through here, so the screens never disagree about a post.
 */
export function updatePost(queryClient: QueryClient, postId: string, change: (post: Post) => Post): void {
  queryClient.setQueriesData<FeedData>({ queryKey: feedListsKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, data: replaceIn(page.data, postId, change) })),
        }
      : data,
  );
  queryClient.setQueryData<Post>(postQueryKey(postId), (post) => (post ? change(post) : post));
  queryClient.setQueryData<Post[]>(myPostsQueryKey, (posts) =>
    posts ? replaceIn(posts, postId, change) : posts,
  );
}

/**
 * Changes one comment of a post wherever the cache holds the post (the open post has all its
 * comments, a feed page only the latest: a copy without it is left as it is).
 */
export function updateComment(
  queryClient: QueryClient,
  postId: string,
  commentId: string,
  change: (comment: Comment) => Comment,
): void {
  updatePost(queryClient, postId, (post) =>
    post.comments.some((comment) => comment._id === commentId)
      ? {
          ...post,
          comments: post.comments.map((comment) => (comment._id === commentId ? change(comment) : comment)),
        }
      : post,
  );
}

/** The post as the cache holds it: the open post first (it has every comment), else a list's copy. */
export function cachedPost(queryClient: QueryClient, postId: string): Post | undefined {
  const open = queryClient.getQueryData<Post>(postQueryKey(postId));
  if (open) return open;
  for (const [, data] of queryClient.getQueriesData<FeedData>({ queryKey: feedListsKey })) {
    for (const page of data?.pages ?? []) {
      const found = page.data.find((post) => post._id === postId);
      if (found) return found;
    }
  }
  return queryClient.getQueryData<Post[]>(myPostsQueryKey)?.find((post) => post._id === postId);
}

/** A post is gone (its author deleted it, or their account): every list drops it and its open view closes. */
export function removePost(queryClient: QueryClient, postId: string): void {
  const without = (posts: Post[]) => posts.filter((post) => post._id !== postId);
  queryClient.setQueriesData<FeedData>({ queryKey: feedListsKey }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, data: without(page.data) })) } : data,
  );
  queryClient.setQueryData<Post[]>(myPostsQueryKey, (posts) => (posts ? without(posts) : posts));
  queryClient.removeQueries({ queryKey: postQueryKey(postId), exact: true });
}

/**
 * Spec section 4: a new post goes first in the feed and in the user's posts. A list of one person's
 * posts (a profile page) takes it only when that person wrote it, a tag's list only when it carries
 * the tag.
 */
export function addPostFirst(queryClient: QueryClient, post: Post): void {
  const first = (posts: Post[]) => [post, ...posts.filter((other) => other._id !== post._id)];
  const listsItBelongsTo = (query: Query) => {
    const filters = query.queryKey[feedListsKey.length] as FeedFilters | undefined;
    if (filters?.author !== undefined && filters.author !== post.author._id) return false;
    const { tag } = filters ?? {};
    return tag === undefined || post.tags.some((carried) => tagKey(carried) === tag);
  };
  queryClient.setQueriesData<FeedData>({ queryKey: feedListsKey, predicate: listsItBelongsTo }, (data) => {
    const [firstPage, ...rest] = data?.pages ?? [];
    if (!data || !firstPage) return data;
    return { ...data, pages: [{ ...firstPage, data: first(firstPage.data) }, ...rest] };
  });
  queryClient.setQueryData<Post[]>(myPostsQueryKey, (posts) => (posts ? first(posts) : posts));
}

import type { Post } from '@careers/contracts/entities/post';
import type { QueryClient } from '@tanstack/react-query';
import { type FeedData, feedListsKey } from './get-feed';
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

/** A post is gone (its author deleted their account): every list drops it and its open view closes. */
export function removePost(queryClient: QueryClient, postId: string): void {
  const without = (posts: Post[]) => posts.filter((post) => post._id !== postId);
  queryClient.setQueriesData<FeedData>({ queryKey: feedListsKey }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, data: without(page.data) })) } : data,
  );
  queryClient.setQueryData<Post[]>(myPostsQueryKey, (posts) => (posts ? without(posts) : posts));
  queryClient.removeQueries({ queryKey: postQueryKey(postId), exact: true });
}

/** Spec section 4: a new post goes first in the feed and in the user's posts. */
export function addPostFirst(queryClient: QueryClient, post: Post): void {
  const first = (posts: Post[]) => [post, ...posts.filter((other) => other._id !== post._id)];
  queryClient.setQueriesData<FeedData>({ queryKey: feedListsKey }, (data) => {
    const [firstPage, ...rest] = data?.pages ?? [];
    if (!data || !firstPage) return data;
    return { ...data, pages: [{ ...firstPage, data: first(firstPage.data) }, ...rest] };
  });
  queryClient.setQueryData<Post[]>(myPostsQueryKey, (posts) => (posts ? first(posts) : posts));
}

import type { Post } from '@careers/contracts/entities/post';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { aComment, adaAuthor, aPost, grace } from '../../../testing/posts';
import { type FeedData, feedQueryOptions } from './get-feed';
import { myPostsQueryKey } from './get-my-posts';
import { postQueryKey } from './get-post';
import { addPostFirst, cachedPost, removePost, updateComment, updatePost } from './post-cache';

const feedKey = feedQueryOptions({ limit: 10 }).queryKey;
const networkKey = feedQueryOptions({ limit: 3, following: true }).queryKey;

function feedOf(...pages: Post[][]): FeedData {
  return {
    pages: pages.map((data, index) => ({
      data,
      pagination: {
        currentPage: index + 1,
        totalPages: pages.length,
        totalPosts: 0,
        hasNext: index + 1 < pages.length,
        hasPrev: index > 0,
      },
    })),
    pageParams: pages.map((_page, index) => index + 1),
  };
}

function idsIn(data: FeedData | undefined): string[][] {
  return (data?.pages ?? []).map((page) => page.data.map((post) => post._id));
}

describe('post cache', () => {
  it('puts a new post first in every feed list and in my posts, when they are cached', () => {
    const queryClient = new QueryClient();
    const [a, b, c, created] = [aPost(), aPost(), aPost(), aPost()];
    queryClient.setQueryData(feedKey, feedOf([a, b], [c]));
    queryClient.setQueryData(networkKey, feedOf([b]));
    queryClient.setQueryData(myPostsQueryKey, [a]);

    addPostFirst(queryClient, created);

    expect(idsIn(queryClient.getQueryData(feedKey))).toEqual([[created._id, a._id, b._id], [c._id]]);
    expect(idsIn(queryClient.getQueryData(networkKey))).toEqual([[created._id, b._id]]);
    expect(queryClient.getQueryData<Post[]>(myPostsQueryKey)?.map((post) => post._id)).toEqual([
      created._id,
      a._id,
    ]);
  });

  it('leaves my posts alone when they were never loaded', () => {
    const queryClient = new QueryClient();

    addPostFirst(queryClient, aPost());

    expect(queryClient.getQueryData(myPostsQueryKey)).toBeUndefined();
  });

  it('changes one post wherever it is cached and nothing else', () => {
    const queryClient = new QueryClient();
    const [liked, other] = [aPost({ likesCount: 1 }), aPost({ likesCount: 1 })];
    queryClient.setQueryData(feedKey, feedOf([other], [liked]));
    queryClient.setQueryData(postQueryKey(liked._id), liked);
    queryClient.setQueryData(myPostsQueryKey, [liked, other]);

    updatePost(queryClient, liked._id, (post) => ({ ...post, likesCount: 5 }));

    const feed = queryClient.getQueryData<FeedData>(feedKey);
    expect(feed?.pages.map((page) => page.data.map((post) => post.likesCount))).toEqual([[1], [5]]);
    expect(queryClient.getQueryData<Post>(postQueryKey(liked._id))?.likesCount).toBe(5);
    expect(queryClient.getQueryData<Post[]>(myPostsQueryKey)?.map((post) => post.likesCount)).toEqual([5, 1]);
    expect(queryClient.getQueryData(postQueryKey(other._id))).toBeUndefined();
  });

  it("puts a new post first only in the lists of its author's posts, not in another person's", () => {
    const queryClient = new QueryClient();
    const [mine, theirs] = [aPost({ author: adaAuthor }), aPost({ author: grace })];
    const adaKey = feedQueryOptions({ limit: 5, author: adaAuthor._id }).queryKey;
    const graceKey = feedQueryOptions({ limit: 5, author: grace._id }).queryKey;
    queryClient.setQueryData(feedKey, feedOf([theirs]));
    queryClient.setQueryData(adaKey, feedOf([]));
    queryClient.setQueryData(graceKey, feedOf([theirs]));

    addPostFirst(queryClient, mine);

    expect(idsIn(queryClient.getQueryData(feedKey))).toEqual([[mine._id, theirs._id]]);
    expect(idsIn(queryClient.getQueryData(adaKey))).toEqual([[mine._id]]);
    expect(idsIn(queryClient.getQueryData(graceKey))).toEqual([[theirs._id]]);
  });

  it('changes one comment wherever its post is cached, leaving copies without it alone', () => {
    const queryClient = new QueryClient();
    const [older, latest] = [aComment({ content: 'Older' }), aComment({ content: 'Latest' })];
    const full = aPost({ comments: [older, latest], commentsCount: 2 });
    // A feed page carries only the latest comment.
    queryClient.setQueryData(feedKey, feedOf([{ ...full, comments: [latest] }]));
    queryClient.setQueryData(postQueryKey(full._id), full);

    updateComment(queryClient, full._id, older._id, (comment) => ({ ...comment, content: 'Older, edited' }));

    expect(queryClient.getQueryData<Post>(postQueryKey(full._id))?.comments.map((c) => c.content)).toEqual([
      'Older, edited',
      'Latest',
    ]);
    const feed = queryClient.getQueryData<FeedData>(feedKey);
    expect(feed?.pages[0]?.data[0]?.comments.map((c) => c.content)).toEqual(['Latest']);
  });

  it('finds a post in the open post first, else in a list, and forgets it everywhere once removed', () => {
    const queryClient = new QueryClient();
    const post = aPost({ comments: [aComment()], commentsCount: 1 });
    queryClient.setQueryData(feedKey, feedOf([{ ...post, comments: [] }]));
    expect(cachedPost(queryClient, post._id)?.comments).toEqual([]);
    queryClient.setQueryData(postQueryKey(post._id), post);
    expect(cachedPost(queryClient, post._id)?.comments).toHaveLength(1);

    removePost(queryClient, post._id);

    expect(cachedPost(queryClient, post._id)).toBeUndefined();
    expect(idsIn(queryClient.getQueryData(feedKey))).toEqual([[]]);
  });
});

import { z } from 'zod';
import { AddedComment } from '../entities/comment.ts';
import { PostsPagination } from '../entities/pagination.ts';
import { Post, PostLikeState } from '../entities/post.ts';
import { AddCommentRequest } from '../requests/add-comment.ts';
import { CreatePostRequest } from '../requests/create-post.ts';
import { FeedQuery } from '../requests/feed-query.ts';
import { PostIdParams } from '../requests/route-params.ts';
import { defineRoute } from './define-route.ts';
import { dataResponse, pageResponse } from './responses.ts';

export const postRoutes = {
  getFeed: defineRoute({
    method: 'GET',
    path: '/posts/feed',
    service: 'query',
    auth: 'required',
    query: FeedQuery,
    status: 200,
    response: pageResponse(Post, PostsPagination),
    summary: "The reader's feed, newest first.",
  }),
  getPost: defineRoute({
    method: 'GET',
    path: '/posts/:id',
    service: 'query',
    auth: 'required',
    params: PostIdParams,
    status: 200,
    response: dataResponse(Post),
    summary: 'One post with its comments.',
  }),
  createPost: defineRoute({
    method: 'POST',
    path: '/posts',
    service: 'command',
    auth: 'required',
    body: CreatePostRequest,
    status: 201,
    response: dataResponse(Post),
    summary: 'Publishes a post.',
  }),
  toggleLike: defineRoute({
    method: 'POST',
    path: '/posts/:id/like',
    service: 'command',
    auth: 'required',
    params: PostIdParams,
    body: null,
    status: 200,
    response: dataResponse(PostLikeState),
    summary: 'Likes the post, or takes the like back.',
  }),
  addComment: defineRoute({
    method: 'POST',
    path: '/posts/:id/comments',
    service: 'command',
    auth: 'required',
    params: PostIdParams,
    body: AddCommentRequest,
    status: 201,
    response: dataResponse(AddedComment),
    summary: 'Comments on a post.',
  }),
  getMyPosts: defineRoute({
    method: 'GET',
    path: '/posts/my/posts',
    service: 'query',
    auth: 'required',
    status: 200,
    response: dataResponse(z.array(Post)),
    summary: "The user's own posts, newest first.",
  }),
} as const;

import { z } from 'zod';
import { uploadLimits } from '../constants.ts';
import { AddedComment, DeletedComment, EditedComment, EditedPost } from '../entities/comment.ts';
import { PostsPagination } from '../entities/pagination.ts';
import { Post, PostImage, PostLikeState } from '../entities/post.ts';
import { AddCommentRequest } from '../requests/add-comment.ts';
import { CreatePostRequest } from '../requests/create-post.ts';
import { EditCommentRequest, EditPostRequest } from '../requests/edit-post.ts';
import { FeedQuery } from '../requests/feed-query.ts';
import { CommentParams, PostIdParams } from '../requests/route-params.ts';
import { defineRoute } from './define-route.ts';
import { dataResponse, MessageResponse, pageResponse } from './responses.ts';

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
  uploadPostImage: defineRoute({
    method: 'POST',
    path: '/posts/images',
    service: 'command',
    auth: 'required',
    body: null,
    multipart: uploadLimits.postImage,
    status: 201,
    response: dataResponse(PostImage.pick({ _id: true, width: true, height: true })),
    summary:
      'Beyond the spec: uploads one picture for a post to come (multipart field image); createPost names it within an hour.',
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
  editPost: defineRoute({
    method: 'PUT',
    path: '/posts/:id',
    service: 'command',
    auth: 'required',
    params: PostIdParams,
    body: EditPostRequest,
    status: 200,
    response: dataResponse(EditedPost),
    summary: "Beyond the spec: the author changes their post's text; it shows as edited.",
  }),
  deletePost: defineRoute({
    method: 'DELETE',
    path: '/posts/:id',
    service: 'command',
    auth: 'required',
    params: PostIdParams,
    body: null,
    status: 200,
    response: MessageResponse,
    summary: 'Beyond the spec: the author deletes their post, with its likes and comments.',
  }),
  editComment: defineRoute({
    method: 'PUT',
    path: '/posts/:id/comments/:commentId',
    service: 'command',
    auth: 'required',
    params: CommentParams,
    body: EditCommentRequest,
    status: 200,
    response: dataResponse(EditedComment),
    summary: "Beyond the spec: the author changes their comment's text; it shows as edited.",
  }),
  deleteComment: defineRoute({
    method: 'DELETE',
    path: '/posts/:id/comments/:commentId',
    service: 'command',
    auth: 'required',
    params: CommentParams,
    body: null,
    status: 200,
    response: dataResponse(DeletedComment),
    summary: "Beyond the spec: the comment's author, or the post's author, deletes a comment.",
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

import { z } from 'zod';
import { COMMENT_MAX_LENGTH, POST_CONTENT_MAX_LENGTH } from '../constants.ts';
import { postMessages } from '../messages.ts';
import { requiredText } from './fields.ts';

/** `PUT /posts/:id`: the post's new text, under the same rules as a new post's. */
export const EditPostRequest = z.object({
  content: requiredText(POST_CONTENT_MAX_LENGTH, {
    required: postMessages.contentEmpty,
    tooLong: postMessages.contentTooLong,
  }),
});
export type EditPostRequest = z.infer<typeof EditPostRequest>;

/** `PUT /posts/:id/comments/:commentId`: the comment's new text, under a new comment's rules. */
export const EditCommentRequest = z.object({
  content: requiredText(COMMENT_MAX_LENGTH, {
    required: postMessages.commentEmpty,
    tooLong: postMessages.commentTooLong,
  }),
});
export type EditCommentRequest = z.infer<typeof EditCommentRequest>;

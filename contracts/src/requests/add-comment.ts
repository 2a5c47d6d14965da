import { z } from 'zod';
import { COMMENT_MAX_LENGTH } from '../constants.ts';
import { postMessages } from '../messages.ts';
import { requiredText } from './fields.ts';

/** `POST /posts/:id/comments`. */
export const AddCommentRequest = z.object({
  content: requiredText(COMMENT_MAX_LENGTH, {
    required: postMessages.commentEmpty,
    tooLong: postMessages.commentTooLong,
  }),
});
export type AddCommentRequest = z.infer<typeof AddCommentRequest>;

import { z } from 'zod';
import { PostCategory, PostType } from '../entities/enums.ts';
import { queryMessages, requestMessages } from '../messages.ts';
import { booleanParam, LimitParam, ListParam, optionalParam, PageParam } from './query-fields.ts';

/**
 * `GET /posts/feed` filters; `following` keeps only posts by people the reader is connected with, and
 * `author` (beyond the spec: a profile page's posts) those of one person, as far as the reader may see
 * them.
 */
export const FeedQuery = z.object({
  page: PageParam,
  limit: LimitParam,
  type: optionalParam(PostType),
  category: optionalParam(PostCategory),
  tags: ListParam,
  following: booleanParam(queryMessages.followingInvalid),
  author: optionalParam(z.uuid({ error: requestMessages.invalidId('User') })),
});
export type FeedQuery = z.infer<typeof FeedQuery>;

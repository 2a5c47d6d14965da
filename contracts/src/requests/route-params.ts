import { z } from 'zod';
import { TAG_MAX_LENGTH } from '../constants.ts';
import { postMessages, requestMessages } from '../messages.ts';

/**
 * Path parameters. A malformed id reads "<Thing> not found", the same as an unknown one, so a service
 * may answer 404 for both.
 */
function idOf(label: string) {
  return z.uuid({ error: requestMessages.invalidId(label) });
}

export const JobIdParams = z.object({ id: idOf('Job') });
export type JobIdParams = z.infer<typeof JobIdParams>;

export const PostIdParams = z.object({ id: idOf('Post') });

/**
 * A tag in a path (`/tags/:tag`), with or without its `#` (sent as %23): trimmed, what a post's tags
 * may hold (letters, digits, underscores and hyphens), at most TAG_MAX_LENGTH. The spelling asked for is kept; tags
 * compare by `tagKey`.
 */
export const TagParams = z.object({
  tag: z
    .string()
    .trim()
    .transform((tag) => tag.replace(/^#/, ''))
    .pipe(
      z
        .string()
        .min(1, postMessages.tagInvalid)
        .max(TAG_MAX_LENGTH, postMessages.tagTooLong)
        .regex(/^[\p{L}\p{N}_-]+$/u, postMessages.tagInvalid),
    ),
});
export type TagParams = z.infer<typeof TagParams>;
export type PostIdParams = z.infer<typeof PostIdParams>;

/** A comment under its post: `/posts/:id/comments/:commentId`. */
export const CommentParams = z.object({ id: idOf('Post'), commentId: idOf('Comment') });
export type CommentParams = z.infer<typeof CommentParams>;

export const UserIdParams = z.object({ id: idOf('User') });

/** A conversation: a malformed id reads "Conversation not found", as an unknown one or another's does. */
export const ConversationIdParams = z.object({ id: idOf('Conversation') });
export type ConversationIdParams = z.infer<typeof ConversationIdParams>;
export type UserIdParams = z.infer<typeof UserIdParams>;

export const ConnectionRequestParams = z.object({ requestId: idOf('Connection request') });
export type ConnectionRequestParams = z.infer<typeof ConnectionRequestParams>;

export const ConnectionIdParams = z.object({ connectionId: idOf('Connection') });
export type ConnectionIdParams = z.infer<typeof ConnectionIdParams>;

export const ApplicationIdParams = z.object({ id: idOf('Application') });
export type ApplicationIdParams = z.infer<typeof ApplicationIdParams>;

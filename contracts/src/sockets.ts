import { z } from 'zod';
import { ApplicationStatusState } from './entities/application.ts';
import { Id, IsoDateTime } from './entities/scalars.ts';

/**
 * One token as text, as command replies and socket pushes carry it (always signed, from the services).
 * The schema lets an unsigned one through: only the query-service can tell a good signature, and it
 * ignores tokens that are not.
 */
export const ConsistencyTokenText = z
  .string()
  .max(240)
  .regex(/^[^,\s]+@[1-9]\d*(\.[A-Za-z0-9_-]{22})?$/);

/**
 * The realtime contract. A push is a small note about what changed, with the consistency token of the
 * event behind it; anything larger the client refetches through the normal GET path.
 */

export const SOCKET_PATH = '/socket.io';

/**
 * How long the client waits before its first try to connect again after losing the gateway (socket.io
 * adds or takes up to half of it at random, and doubles it on each failure up to 5 s): a gateway copy
 * that dies has its sockets on another copy within 2 s (e2e/gateway-failover.int.test.ts), where
 * socket.io's default of 1 s left up to 1.5 s to the first try alone.
 */
export const SOCKET_RECONNECT_DELAY_MS = 500;
/** Not in the spec: the largest message a client may send (socket.io `maxHttpBufferSize`). */
export const SOCKET_MAX_MESSAGE_BYTES = 16 * 1024;
/** How many post rooms one `post:subscribe` may name. */
export const MAX_POST_SUBSCRIPTIONS = 100;

/** Room names, defined once for server and client. Every socket joins `rooms.user(itsUserId)`. */
export const rooms = {
  user: (userId: string): `user:${string}` => `user:${userId}`,
  post: (postId: string): `post:${string}` => `post:${postId}`,
  feed: 'feed',
} as const;

export const serverEvents = {
  postUpdated: 'post:updated',
  postCommentAdded: 'post:comment-added',
  postCommentRemoved: 'post:comment-removed',
  postRemoved: 'post:removed',
  postEdited: 'post:edited',
  postCommentEdited: 'post:comment-edited',
  feedPostCreated: 'feed:post-created',
  connectionRequested: 'connection:requested',
  connectionUpdated: 'connection:updated',
  applicationUpdated: 'application:updated',
  jobApplicationsChanged: 'job:applications-changed',
  notificationsChanged: 'notifications:changed',
  ownLikeChanged: 'post:own-like',
  userUpdated: 'user:updated',
  savedJobsChanged: 'jobs:saved-changed',
  messageReceived: 'message:new',
  conversationRead: 'conversation:read',
  conversationTyping: 'conversation:typing',
} as const;

export const clientEvents = {
  postSubscribe: 'post:subscribe',
  postUnsubscribe: 'post:unsubscribe',
  typing: 'conversation:typing',
} as const;

/**
 * A post's counts changed. `likesCount` is always the count after the change; `commentsCount` is there
 * when the event behind the push knows it (a like event carries only the like count).
 */
export const PostUpdatedPayload = z.object({
  postId: Id,
  likesCount: z.number().int().nonnegative(),
  commentsCount: z.number().int().nonnegative().optional(),
  consistencyToken: ConsistencyTokenText,
});
export type PostUpdatedPayload = z.infer<typeof PostUpdatedPayload>;

export const PostCommentAddedPayload = z.object({
  postId: Id,
  commentId: Id,
  commentsCount: z.number().int().nonnegative(),
  consistencyToken: ConsistencyTokenText,
});
export type PostCommentAddedPayload = z.infer<typeof PostCommentAddedPayload>;

/** A comment is gone (deleted, or its author's account); `commentsCount` is the count after. */
export const PostCommentRemovedPayload = PostCommentAddedPayload;
export type PostCommentRemovedPayload = z.infer<typeof PostCommentRemovedPayload>;

/** The post is gone (deleted, or its author's account): screens showing it drop it. */
export const PostRemovedPayload = z.object({ postId: Id, consistencyToken: ConsistencyTokenText });
export type PostRemovedPayload = z.infer<typeof PostRemovedPayload>;

/** The post's text changed: screens showing it read it again (with the token). */
export const PostEditedPayload = z.object({
  postId: Id,
  editedAt: IsoDateTime,
  consistencyToken: ConsistencyTokenText,
});
export type PostEditedPayload = z.infer<typeof PostEditedPayload>;

/** A comment's text changed: screens showing its post read the post again (with the token). */
export const PostCommentEditedPayload = z.object({
  postId: Id,
  commentId: Id,
  editedAt: IsoDateTime,
  consistencyToken: ConsistencyTokenText,
});
export type PostCommentEditedPayload = z.infer<typeof PostCommentEditedPayload>;

export const FeedPostCreatedPayload = z.object({
  postId: Id,
  authorId: Id,
  consistencyToken: ConsistencyTokenText,
});
export type FeedPostCreatedPayload = z.infer<typeof FeedPostCreatedPayload>;

export const ConnectionRequestedPayload = z.object({
  connectionId: Id,
  requesterId: Id,
  consistencyToken: ConsistencyTokenText,
});
export type ConnectionRequestedPayload = z.infer<typeof ConnectionRequestedPayload>;

/** How a connection changed: accepted or declined (`rejected`) by the recipient, removed, or withdrawn by the requester. */
export const ConnectionUpdateStatus = z.enum(['accepted', 'rejected', 'removed', 'withdrawn']);
export type ConnectionUpdateStatus = z.infer<typeof ConnectionUpdateStatus>;

export const ConnectionUpdatedPayload = z.object({
  connectionId: Id,
  status: ConnectionUpdateStatus,
  consistencyToken: ConsistencyTokenText,
});
export type ConnectionUpdatedPayload = z.infer<typeof ConnectionUpdatedPayload>;

/** An application's status after a change, as its reply says it, plus the token of the event behind it. */
const ApplicationChangePayload = ApplicationStatusState.extend({ consistencyToken: ConsistencyTokenText });

/** To the applicant: the poster moved their application (or it was withdrawn elsewhere). */
export const ApplicationUpdatedPayload = ApplicationChangePayload;
export type ApplicationUpdatedPayload = z.infer<typeof ApplicationUpdatedPayload>;

/** To the job's poster: an application arrived, moved or was withdrawn; the applicants view refetches. */
export const JobApplicationsChangedPayload = ApplicationChangePayload;
export type JobApplicationsChangedPayload = z.infer<typeof JobApplicationsChangedPayload>;

export const PostSubscriptionPayload = z.object({
  postIds: z.array(Id).max(MAX_POST_SUBSCRIPTIONS),
});
export type PostSubscriptionPayload = z.infer<typeof PostSubscriptionPayload>;

/**
 * The optional acknowledgement of `post:subscribe`: the posts whose rooms the socket is in now. A post
 * the viewer may not see (or that does not exist) is left out: its room is never joined.
 */
export const PostSubscriptionReply = z.object({
  postIds: z.array(Id),
  /** Set when the subscription was not handled whole: too many asked (the posts named were not checked). */
  message: z.string().optional(),
});
export type PostSubscriptionReply = z.infer<typeof PostSubscriptionReply>;

/**
 * To a user: their notifications changed (a new one, a grouped one moved up, some marked read). The
 * bell shows `unreadCount` at once; an open panel refetches. Not sent while the user's
 * `pushNotifications` setting is off (the list and count still change).
 */
export const NotificationsChangedPayload = z.object({
  unreadCount: z.number().int().nonnegative(),
  /** The newest notification that caused it, when one was made. */
  notificationId: Id.nullable(),
});
export type NotificationsChangedPayload = z.infer<typeof NotificationsChangedPayload>;

/**
 * To the person who liked or unliked a post, in their own room: their heart and the count after it,
 * so their other tabs and devices show the same heart (a click there acts on what is true).
 */
export const OwnLikeChangedPayload = z.object({
  postId: Id,
  isLiked: z.boolean(),
  likesCount: z.number().int().nonnegative(),
  consistencyToken: ConsistencyTokenText,
});
export type OwnLikeChangedPayload = z.infer<typeof OwnLikeChangedPayload>;

/**
 * To a person, in their own room: their profile, skills, picture, resume or settings changed (in one of
 * their tabs or devices); the others read the signed-in user again, waiting for the token.
 */
export const UserUpdatedPayload = z.object({ consistencyToken: ConsistencyTokenText });
export type UserUpdatedPayload = z.infer<typeof UserUpdatedPayload>;

/** The person saved or unsaved a job (in another tab, say): their saved list reads again. */
export const SavedJobsChangedPayload = z.object({
  jobId: Id,
  saved: z.boolean(),
  consistencyToken: ConsistencyTokenText,
});
export type SavedJobsChangedPayload = z.infer<typeof SavedJobsChangedPayload>;

/**
 * A message was sent: to both people's rooms (the recipient's tabs, and the sender's other tabs). No
 * text: it is sealed with the sender's key and the gateway holds no keys, so an open thread and the
 * list read again with the token to show it.
 */
export const MessageReceivedPayload = z.object({
  conversationId: Id,
  messageId: Id,
  senderId: Id,
  sentAt: IsoDateTime,
  consistencyToken: ConsistencyTokenText,
});
export type MessageReceivedPayload = z.infer<typeof MessageReceivedPayload>;

/** Someone read a conversation up to a message: to both rooms (the other's "Seen"; the reader's badge). */
export const ConversationReadPayload = z.object({
  conversationId: Id,
  readerId: Id,
  upToMessageId: Id,
  consistencyToken: ConsistencyTokenText,
});
export type ConversationReadPayload = z.infer<typeof ConversationReadPayload>;

/**
 * "is typing": the client sends `{ conversationId }` at most every TYPING_EVERY_MS while typing; the
 * gateway passes it to the other person's room as `{ conversationId, userId }` if the sender is in the
 * conversation and may write to the other. Never an event, never stored.
 */
export const TypingPayload = z.object({ conversationId: Id });
export type TypingPayload = z.infer<typeof TypingPayload>;
export const ConversationTypingPayload = z.object({ conversationId: Id, userId: Id });
export type ConversationTypingPayload = z.infer<typeof ConversationTypingPayload>;

/** Payload schema of each server -> client event. */
export const serverEventPayloads = {
  [serverEvents.postUpdated]: PostUpdatedPayload,
  [serverEvents.postCommentAdded]: PostCommentAddedPayload,
  [serverEvents.postCommentRemoved]: PostCommentRemovedPayload,
  [serverEvents.postRemoved]: PostRemovedPayload,
  [serverEvents.postEdited]: PostEditedPayload,
  [serverEvents.postCommentEdited]: PostCommentEditedPayload,
  [serverEvents.feedPostCreated]: FeedPostCreatedPayload,
  [serverEvents.connectionRequested]: ConnectionRequestedPayload,
  [serverEvents.connectionUpdated]: ConnectionUpdatedPayload,
  [serverEvents.applicationUpdated]: ApplicationUpdatedPayload,
  [serverEvents.jobApplicationsChanged]: JobApplicationsChangedPayload,
  [serverEvents.notificationsChanged]: NotificationsChangedPayload,
  [serverEvents.ownLikeChanged]: OwnLikeChangedPayload,
  [serverEvents.userUpdated]: UserUpdatedPayload,
  [serverEvents.savedJobsChanged]: SavedJobsChangedPayload,
  [serverEvents.messageReceived]: MessageReceivedPayload,
  [serverEvents.conversationRead]: ConversationReadPayload,
  [serverEvents.conversationTyping]: ConversationTypingPayload,
} as const;

/** Payload schema of each client -> server event. */
export const clientEventPayloads = {
  [clientEvents.postSubscribe]: PostSubscriptionPayload,
  [clientEvents.postUnsubscribe]: PostSubscriptionPayload,
  [clientEvents.typing]: TypingPayload,
} as const;

export type ServerEventName = keyof typeof serverEventPayloads;
export type ClientEventName = keyof typeof clientEventPayloads;

/** socket.io typed events: `new Server<ClientToServerEvents, ServerToClientEvents>()`. */
export type ServerToClientEvents = {
  [E in ServerEventName]: (payload: z.infer<(typeof serverEventPayloads)[E]>) => void;
};
export type ClientToServerEvents = {
  [clientEvents.postSubscribe]: (
    payload: PostSubscriptionPayload,
    ack?: (reply: PostSubscriptionReply) => void,
  ) => void;
  [clientEvents.postUnsubscribe]: (payload: PostSubscriptionPayload) => void;
  [clientEvents.typing]: (payload: TypingPayload) => void;
};

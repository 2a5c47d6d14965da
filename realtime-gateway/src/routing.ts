import { formatConsistencyToken } from '@careers/contracts/consistency';
import type { ApplicationStatus } from '@careers/contracts/entities/enums';
import type { DomainEvent } from '@careers/contracts/events/catalogue';
import {
  dispatchEvent,
  type EventOfType,
  type EventOnStream,
  type EventTable,
} from '@careers/contracts/events/event-table';
import { isOpenToEveryone } from '@careers/contracts/policies/post-access';
import {
  type ConnectionUpdateStatus,
  rooms,
  type ServerToClientEvents,
  serverEvents,
} from '@careers/contracts/sockets';
import type { StreamType } from '@careers/contracts/topics';

export type SocketMessage = {
  [E in keyof ServerToClientEvents]: {
    room: string;
    event: E;
    payload: Parameters<ServerToClientEvents[E]>[0];
  };
}[keyof ServerToClientEvents];

/**
 * The rooms a signed-in socket joins as it connects: its user's room and the feed. So `rooms.feed`
 * reaches every signed-in person, and nothing sent there may be something one of them cannot see.
 */
export function roomsJoinedOnConnect(userId: string): string[] {
  return [rooms.user(userId), rooms.feed];
}

/**
 * The streams whose events `socketMessagesFor` turns into pushes, and so the only topics a gateway
 * reads. Jobs' events push nothing (a job alert reaches sockets through the projector's announcement;
 * a poster's JobEdited, like their JobClosed, answers the tab that made it with the job, and the other
 * screens read it as now when they next load: the socket contract has no event for a job's change, and
 * no room of a job's viewers) and reading them would cost the broker for nothing, as a fetch names every partition its consumer
 * reads and the gateway fetches as soon as anything arrives: with all five topics Kafka used 11 to 15%
 * of a core while likes were written, against 10 to 11 with three (about 0.03 ms a command;
 * alternating runs, docs/performance.md, "The command path"). People's events are read for one thing:
 * a person's own other tabs and devices follow their profile and settings (`user:updated`) and their
 * saved jobs (`jobs:saved-changed`). Conversations' events reach both of their people (`message:new`,
 * `conversation:read`).
 */
export const pushedStreamTypes = [
  'post',
  'connection',
  'application',
  'user',
  'conversation',
] as const satisfies readonly StreamType[];

type PushedStream = (typeof pushedStreamTypes)[number];

/**
 * Which rooms hear about each event of the pushed streams, and what they are told; `null` for an event
 * nobody is told of live. A push is a small message about what changed plus the consistency token; a
 * client that wants more refetches through the query API.
 */
const pushes: EventTable<SocketMessage[], PushedStream, [consistencyToken: string]> = {
  PostCreated: (event, consistencyToken) => [
    {
      // A post not open to everyone is announced to its author alone: the gateway does not know who
      // is connected, and everyone else would be told of a post they cannot open.
      room: isOpenToEveryone(event.data) ? rooms.feed : rooms.user(event.data.authorId),
      event: serverEvents.feedPostCreated,
      payload: { postId: event.data.postId, authorId: event.data.authorId, consistencyToken },
    },
  ],
  PostLiked: (event, consistencyToken) => likesChanged(event, consistencyToken),
  PostUnliked: (event, consistencyToken) => likesChanged(event, consistencyToken),
  CommentAdded: (event, consistencyToken) => [
    {
      room: rooms.post(event.data.postId),
      event: serverEvents.postCommentAdded,
      payload: {
        postId: event.data.postId,
        commentId: event.data.commentId,
        commentsCount: event.data.commentsCount,
        consistencyToken,
      },
    },
  ],
  CommentRemoved: (event, consistencyToken) => [
    {
      room: rooms.post(event.data.postId),
      event: serverEvents.postCommentRemoved,
      payload: {
        postId: event.data.postId,
        commentId: event.data.commentId,
        commentsCount: event.data.commentsCount,
        consistencyToken,
      },
    },
  ],
  // An author's new text of the post or a comment: its watchers (the post's room, joined only by those
  // allowed to see it) read the post again, with the token. Not the feed: the text is no news to it.
  PostEdited: (event, consistencyToken) => [
    {
      room: rooms.post(event.data.postId),
      event: serverEvents.postEdited,
      payload: { postId: event.data.postId, editedAt: event.data.editedAt, consistencyToken },
    },
  ],
  CommentEdited: (event, consistencyToken) => [
    {
      room: rooms.post(event.data.postId),
      event: serverEvents.postCommentEdited,
      payload: {
        postId: event.data.postId,
        commentId: event.data.commentId,
        editedAt: event.data.editedAt,
        consistencyToken,
      },
    },
  ],
  // Its watchers only: the room is joined by those allowed to see the post, and its author is gone.
  PostRemoved: (event, consistencyToken) => [
    {
      room: rooms.post(event.data.postId),
      event: serverEvents.postRemoved,
      payload: { postId: event.data.postId, consistencyToken },
    },
  ],
  ConnectionRequested: (event, consistencyToken) => [
    {
      room: rooms.user(event.data.recipientId),
      event: serverEvents.connectionRequested,
      payload: {
        connectionId: event.data.connectionId,
        requesterId: event.data.requesterId,
        consistencyToken,
      },
    },
  ],
  ConnectionAccepted: (event, token) => relationshipChanged(event, token),
  ConnectionDeclined: (event, token) => relationshipChanged(event, token),
  ConnectionWithdrawn: (event, token) => relationshipChanged(event, token),
  ConnectionRemoved: (event, token) => relationshipChanged(event, token),
  ApplicationSubmitted: (event, consistencyToken) => [toPoster(event.data, 'pending', consistencyToken)],
  ApplicationStatusChanged: (event, consistencyToken) => [
    toApplicant(event.data, event.data.to, consistencyToken),
    toPoster(event.data, event.data.to, consistencyToken),
  ],
  ApplicationWithdrawn: (event, consistencyToken) => [
    toApplicant(event.data, 'withdrawn', consistencyToken),
    toPoster(event.data, 'withdrawn', consistencyToken),
  ],
  // What a person sees of themselves changed: their other tabs and devices read it again.
  ProfileUpdated: (event, token) => [userUpdated(event.data.userId, token)],
  SkillsUpdated: (event, token) => [userUpdated(event.data.userId, token)],
  NotificationSettingsUpdated: (event, token) => [userUpdated(event.data.userId, token)],
  // The person's other tabs read the choice again (settings).
  JobAlertEmailsChosen: (event, token) => [userUpdated(event.data.userId, token)],
  AppearanceSettingsUpdated: (event, token) => [userUpdated(event.data.userId, token)],
  ProfilePictureUploaded: (event, token) => [userUpdated(event.data.userId, token)],
  ProfilePictureRemoved: (event, token) => [userUpdated(event.data.userId, token)],
  ResumeUploaded: (event, token) => [userUpdated(event.data.userId, token)],
  ResumeRemoved: (event, token) => [userUpdated(event.data.userId, token)],
  // The person's own saved list changed: their other tabs read it again (and the job's Save button
  // follows). Nobody else is told, the job's poster included.
  JobSaved: (event, consistencyToken) => [savedJobsChanged(event.data, true, consistencyToken)],
  JobUnsaved: (event, consistencyToken) => [savedJobsChanged(event.data, false, consistencyToken)],
  // The tab that follows or unfollows a tag has the answer, and the tag's page reads the rest as now
  // when it next loads: the socket contract has no event for a person's followed tags, and posts of the
  // tag reach the Following feed when they are made, announced as any post (PostCreated).
  TagFollowed: null,
  TagUnfollowed: null,
  // Nothing another tab shows: a registration (no tab is signed in yet), a sign-in or out, a new
  // password (the sessions it ends are closed through Redis), an account's end (likewise). Marks of
  // notifications reach the person's tabs through the projector's notifications:changed.
  UserRegistered: null,
  UserLoggedIn: null,
  UserLoggedOut: null,
  PasswordChanged: null,
  NotificationsRead: null,
  AllNotificationsRead: null,
  AccountDeleted: null,
  // The blocked side is told nothing; the blocker's tab has the answer, and their other tabs read the
  // conversation's `blockedByMe` when they next load it.
  PersonBlocked: null,
  PersonUnblocked: null,
  // An empty conversation shows nowhere but in the tab that opened it; its first message is news.
  ConversationStarted: null,
  // Both people: the recipient's tabs, and the sender's other tabs. The text is sealed with the
  // sender's key and the gateway holds no keys, so the push carries the message's ids and time: the
  // thread and the list read it again with the token.
  MessageSent: (event, consistencyToken) =>
    event.data.participantIds.map((userId) => ({
      room: rooms.user(userId),
      event: serverEvents.messageReceived,
      payload: {
        conversationId: event.data.conversationId,
        messageId: event.data.messageId,
        senderId: event.data.senderId,
        sentAt: event.data.sentAt,
        consistencyToken,
      },
    })),
  // Both people: the other's "Seen", and the reader's badge in their other tabs.
  MessagesRead: (event, consistencyToken) =>
    event.data.participantIds.map((userId) => ({
      room: rooms.user(userId),
      event: serverEvents.conversationRead,
      payload: {
        conversationId: event.data.conversationId,
        readerId: event.data.readerId,
        upToMessageId: event.data.upToMessageId,
        consistencyToken,
      },
    })),
};

function userUpdated(userId: string, consistencyToken: string): SocketMessage {
  return { room: rooms.user(userId), event: serverEvents.userUpdated, payload: { consistencyToken } };
}

function savedJobsChanged(
  d: { userId: string; jobId: string },
  saved: boolean,
  consistencyToken: string,
): SocketMessage {
  return {
    room: rooms.user(d.userId),
    event: serverEvents.savedJobsChanged,
    payload: { jobId: d.jobId, saved, consistencyToken },
  };
}

function likesChanged(
  event: EventOfType<'PostLiked' | 'PostUnliked'>,
  consistencyToken: string,
): SocketMessage[] {
  const { postId, userId, likesCount } = event.data;
  return [
    {
      room: rooms.post(postId),
      event: serverEvents.postUpdated,
      payload: { postId, likesCount, consistencyToken },
    },
    // The liker's other tabs and devices: their heart, which the post's room does not tell.
    {
      room: rooms.user(userId),
      event: serverEvents.ownLikeChanged,
      payload: { postId, isLiked: event.type === 'PostLiked', likesCount, consistencyToken },
    },
  ];
}

function relationshipChanged(
  event: EventOfType<keyof typeof connectionUpdateStatus>,
  consistencyToken: string,
): SocketMessage[] {
  return connectionUpdated(event.data, connectionUpdateStatus[event.type], consistencyToken);
}

const isPushed = (event: DomainEvent): event is EventOnStream<PushedStream> =>
  (pushedStreamTypes as readonly StreamType[]).includes(event.streamType);

/** Which rooms hear about a domain event, and what they are told (`pushes`): nothing for other streams. */
export function socketMessagesFor(event: DomainEvent): SocketMessage[] {
  if (!isPushed(event)) return [];
  return dispatchEvent(pushes, event, [], formatConsistencyToken(event));
}

/**
 * Whose live post rooms an event may close: the two people of a removed connection, each of whom may
 * be watching a connections-only post of the other (their rooms are checked again, and left where the
 * post is no longer shown to them). With the event's consistency token, so the check sees the removal.
 * A post's removal (its author's account deleted) is told to its room as `post:removed`; a deleted
 * person's own sockets close with their sessions.
 */
export function accessRevokedBy(event: DomainEvent): { userIds: string[]; consistencyToken: string } | null {
  if (event.type !== 'ConnectionRemoved') return null;
  return {
    userIds: [event.data.requesterId, event.data.recipientId],
    consistencyToken: formatConsistencyToken(event),
  };
}

/**
 * A person's notifications changed (the projector names them after its commit, and only those who
 * want pushes): their own room hears the new unread count. Not an event from the topics, so no
 * consistency token: the count itself is the news, and the panel refetches the list.
 */
export function notificationMessageFor(push: {
  userId: string;
  unreadCount: number;
  notificationId: string | null;
}): SocketMessage {
  return {
    room: rooms.user(push.userId),
    event: serverEvents.notificationsChanged,
    payload: { unreadCount: push.unreadCount, notificationId: push.notificationId },
  };
}

/** What each change of a relationship tells its two people. */
const connectionUpdateStatus = {
  ConnectionAccepted: 'accepted',
  ConnectionDeclined: 'rejected',
  ConnectionWithdrawn: 'withdrawn',
  ConnectionRemoved: 'removed',
} as const satisfies Record<string, ConnectionUpdateStatus>;

/**
 * A relationship changed: both people hear of it in their own rooms. The one who did not act learns
 * it live (an acceptance reaches the requester, a withdrawal the person asked, a removal the other
 * side); the one who did gets it in their other tabs, so the lists and counts there follow too.
 */
function connectionUpdated(
  d: { connectionId: string; requesterId: string; recipientId: string },
  status: ConnectionUpdateStatus,
  consistencyToken: string,
): SocketMessage[] {
  return [d.requesterId, d.recipientId].map((userId) => ({
    room: rooms.user(userId),
    event: serverEvents.connectionUpdated,
    payload: { connectionId: d.connectionId, status, consistencyToken },
  }));
}

/** Who an application event concerns: every application event names both parties. */
interface ApplicationEventParties {
  applicationId: string;
  jobId: string;
  applicantId: string;
  employerId: string;
}

/** The applicant's own application moved (refetch "My Applications"). */
function toApplicant(
  d: ApplicationEventParties,
  status: ApplicationStatus,
  consistencyToken: string,
): SocketMessage {
  return {
    room: rooms.user(d.applicantId),
    event: serverEvents.applicationUpdated,
    payload: { applicationId: d.applicationId, jobId: d.jobId, status, consistencyToken },
  };
}

/** One of the poster's jobs got, moved or lost an application (refetch its applicants and counts). */
function toPoster(
  d: ApplicationEventParties,
  status: ApplicationStatus,
  consistencyToken: string,
): SocketMessage {
  return {
    room: rooms.user(d.employerId),
    event: serverEvents.jobApplicationsChanged,
    payload: { jobId: d.jobId, applicationId: d.applicationId, status, consistencyToken },
  };
}

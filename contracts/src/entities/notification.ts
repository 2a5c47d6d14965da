import { z } from 'zod';
import { ApplicationStatus } from './enums.ts';
import { Pagination } from './pagination.ts';
import { Id, IsoDateTime } from './scalars.ts';
import { ProfilePicture } from './uploaded-files.ts';

/**
 * The notification centre behind the bell (beyond the spec). Notifications are a read model made by a
 * projector from the events already on the topics; only marking them read is a command.
 */
export const notificationKinds = [
  'connection_request',
  'connection_accepted',
  'new_application',
  'application_status',
  'post_comment',
  'post_likes',
  'job_alert',
  /** Messages from one person in one conversation: one notification, moved up by each new one while unread. */
  'new_message',
] as const;
export const NotificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** Someone a notification is about: picture or initials and a name. */
export const NotificationActor = z.object({
  _id: Id,
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: ProfilePicture.nullable(),
});
export type NotificationActor = z.infer<typeof NotificationActor>;

/**
 * Where a notification leads: a post, a job, an application (the applicant's My Applications), the
 * Connections tab, a conversation.
 */
export const NotificationTarget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('post'), postId: Id }),
  z.object({ type: z.literal('job'), jobId: Id }),
  z.object({ type: z.literal('application'), applicationId: Id, jobId: Id }),
  z.object({ type: z.literal('job_applicants'), jobId: Id }),
  z.object({ type: z.literal('connections'), tab: z.enum(['pending', 'connections']) }),
  z.object({ type: z.literal('conversation'), conversationId: Id }),
]);
export type NotificationTarget = z.infer<typeof NotificationTarget>;

export const Notification = z.object({
  _id: Id,
  kind: NotificationKind,
  /**
   * Who did it, most recent first: one person, except for grouped likes, which name the latest few
   * (`actorCount` says how many people in all).
   */
  actors: z.array(NotificationActor),
  actorCount: z.number().int().nonnegative(),
  target: NotificationTarget,
  /** What the text needs beyond the people: a job's title and company, a status, a comment's start. */
  jobTitle: z.string().nullable(),
  company: z.string().nullable(),
  status: ApplicationStatus.nullable(),
  excerpt: z.string().nullable(),
  read: z.boolean(),
  /** When it was made; a grouped like notification moves up (and becomes unread) with each new like. */
  createdAt: IsoDateTime,
});
export type Notification = z.infer<typeof Notification>;

export const NotificationsPagination = Pagination.extend({
  totalNotifications: z.number().int().nonnegative(),
});
export type NotificationsPagination = z.infer<typeof NotificationsPagination>;

export const UnreadCount = z.object({ unreadCount: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof UnreadCount>;

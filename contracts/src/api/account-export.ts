import { z } from 'zod';
import { ApplicationStatus, ConnectionStatus } from '../entities/enums.ts';
import { Id, IsoDateTime } from '../entities/scalars.ts';
import { ResumeFile } from '../entities/uploaded-files.ts';
import { User } from '../entities/user.ts';
import { ApplicationSubmittedData } from '../events/application-events.ts';
import { ConversationJob, MessageSentData } from '../events/conversation-events.ts';
import { CommentAddedData, PostCreatedData, PostLikedData } from '../events/post-events.ts';
import { JobSavedData, TagFollowedData } from '../events/user-events.ts';

/**
 * `POST /auth/export`: everything the product holds about the signed-in person, built by replaying the
 * events that name them (their own account's, and those whose data names them as the author of a post
 * or comment, a liker, either side of a connection, the poster of a job or the applicant), with their
 * sealed personal fields opened. The `events` list is the record itself; the other parts sum it up for
 * people, as the events leave things today.
 *
 * Nothing of anyone else's is in it but the messages they sent the person: another person appears by
 * id only (a connection, the employer of a job applied to, the other side of a conversation), and the
 * comments and likes others left on the person's posts are theirs, not part of it. A message received
 * is the one exception, as a letter received is the recipient's to keep: its text is opened with its
 * sender's key while they have an account, and is "" once they deleted it. Every part is strict, so a
 * field that would carry more cannot slip in unnoticed.
 */

/** One event as the log holds it, personal fields opened, in the current version of its type. */
export const ExportedEvent = z.strictObject({
  id: Id,
  type: z.string(),
  streamType: z.string(),
  streamId: z.string(),
  occurredAt: IsoDateTime,
  data: z.record(z.string(), z.unknown()),
});
export type ExportedEvent = z.infer<typeof ExportedEvent>;

/**
 * A post of the person's, as its PostCreated holds it, with the text of its last PostEdited and when
 * that was (`editedAt`, absent for a post never edited; the author is the person).
 */
export const ExportedPost = PostCreatedData.omit({ authorId: true }).extend({
  editedAt: IsoDateTime.optional(),
});
export type ExportedPost = z.infer<typeof ExportedPost>;

/** A comment of the person's, on anyone's post still there; `editedAt` as for a post. */
export const ExportedComment = CommentAddedData.pick({
  commentId: true,
  postId: true,
  content: true,
  createdAt: true,
}).extend({ editedAt: IsoDateTime.optional() });
export type ExportedComment = z.infer<typeof ExportedComment>;

/** A like of the person's that still stands, on a post still there. */
export const ExportedLike = PostLikedData.pick({ postId: true, likedAt: true });
export type ExportedLike = z.infer<typeof ExportedLike>;

/**
 * A connection or request, pending, accepted or declined (withdrawn and removed ones are gone). The
 * other person by id only; `direction` says who asked; `since` is when it last changed.
 */
export const ExportedConnection = z.strictObject({
  connectionId: Id,
  otherUserId: Id,
  direction: z.enum(['sent', 'received']),
  status: ConnectionStatus,
  since: IsoDateTime,
});
export type ExportedConnection = z.infer<typeof ExportedConnection>;

/** An application the person made (the employer by id only). */
export const ExportedApplication = z.strictObject({
  ...ApplicationSubmittedData.pick({
    applicationId: true,
    jobId: true,
    employerId: true,
    coverLetter: true,
    expectedSalary: true,
    appliedAt: true,
  }).shape,
  status: ApplicationStatus,
  /** The resume sent with it, as the application keeps it. */
  resume: z.strictObject(ResumeFile.pick({ filename: true, size: true }).shape).nullable(),
});
export type ExportedApplication = z.infer<typeof ExportedApplication>;

export const ExportedJob = z.strictObject({
  jobId: Id,
  title: z.string(),
  companyName: z.string(),
  closed: z.boolean(),
  postedAt: IsoDateTime,
});
export type ExportedJob = z.infer<typeof ExportedJob>;

/** A job on the person's saved list now (it may have closed since), and when they saved it. */
export const ExportedSavedJob = JobSavedData.pick({ jobId: true, savedAt: true });
export type ExportedSavedJob = z.infer<typeof ExportedSavedJob>;

/** Beyond the spec: a tag the person follows now (spelled as they followed it), and since when. */
export const ExportedFollowedTag = TagFollowedData.pick({ tag: true, followedAt: true });
export type ExportedFollowedTag = z.infer<typeof ExportedFollowedTag>;

/** Beyond the spec: a conversation the person is in (the other person by id only), and who started it when. */
export const ExportedConversation = z.strictObject({
  conversationId: Id,
  otherUserId: Id,
  /** The job it was started from, when it was. */
  job: ConversationJob.nullable(),
  startedBy: Id,
  startedAt: IsoDateTime,
});
export type ExportedConversation = z.infer<typeof ExportedConversation>;

/**
 * Beyond the spec: a message the person sent or received, with who sent it and when. `text` is ""
 * when its sender has deleted their account (their key is gone, and with it the text).
 */
export const ExportedMessage = MessageSentData.pick({
  conversationId: true,
  messageId: true,
  senderId: true,
  text: true,
  sentAt: true,
});
export type ExportedMessage = z.infer<typeof ExportedMessage>;

export const AccountExport = z.strictObject({
  exportedAt: IsoDateTime,
  /** The account as its events leave it (no password, no session). */
  user: z.strictObject(User.shape),
  posts: z.array(ExportedPost),
  comments: z.array(ExportedComment),
  likes: z.array(ExportedLike),
  connections: z.array(ExportedConnection),
  applications: z.array(ExportedApplication),
  jobsPosted: z.array(ExportedJob),
  /** Beyond the spec: the jobs saved for later, in the order they were saved. */
  savedJobs: z.array(ExportedSavedJob),
  /** Beyond the spec: the tags followed, in the order they were followed. */
  followedTags: z.array(ExportedFollowedTag),
  /** Beyond the spec: the person's conversations, in the order they started. */
  conversations: z.array(ExportedConversation),
  /** Beyond the spec: the messages of those conversations, sent and received, in the order they were sent. */
  messages: z.array(ExportedMessage),
  /** Every event that names the person, in the order they were recorded. */
  events: z.array(ExportedEvent),
});
export type AccountExport = z.infer<typeof AccountExport>;

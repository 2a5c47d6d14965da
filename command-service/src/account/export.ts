import type {
  AccountExport,
  ExportedApplication,
  ExportedComment,
  ExportedConnection,
  ExportedConversation,
  ExportedEvent,
  ExportedFollowedTag,
  ExportedJob,
  ExportedLike,
  ExportedMessage,
  ExportedPost,
  ExportedSavedJob,
} from '@careers/contracts/api/account-export';
import type { User } from '@careers/contracts/entities/user';
import { type DomainEvent, parseDomainEvent } from '@careers/contracts/events/catalogue';
import {
  dispatchEvent,
  type EventOfType,
  type EventOnStream,
  type EventTable,
} from '@careers/contracts/events/event-table';
import type { OpenSealed } from '@careers/contracts/events/personal-data';
import { tagKey } from '@careers/contracts/tags';
import type { StreamType } from '@careers/contracts/topics';
import { ident, type PersonalDataVault, type Pool, preparedName } from '@careers/service-kit';
import { EVENT_LOG_COLUMNS, rowToEnvelope } from '../event-log/event-store.ts';
import { evolveUser } from '../users/evolve.ts';

/**
 * "Export my data", built by replaying the person's events from the event log, the system of record:
 * whatever the product holds about someone, it holds because an event recorded it.
 *
 * An export is read in three steps, none of which holds a connection for long:
 * 1. the positions of every event that names the person (one indexed query, migration 009);
 * 2. those events, a batch at a time, folded into the summary parts (`ExportSummary`), before a byte
 *    is sent, so a failure is still a clean 500;
 * 3. the same events again, a batch at a time, written into the response as the client reads it: the
 *    `events` list grows with the person's history (every sign-in is an event), so it is streamed
 *    rather than held in memory. The log is append-only and its rows immutable, so reading the same
 *    positions twice reads the same events.
 *
 * Sealed personal fields are opened with the person's own key, and with the keys of the people they
 * have a conversation with: every event found names them as its data subject (the author, liker,
 * applicant...) but the messages they received, whose texts are theirs to keep (as a letter received
 * is). No other key is ever fetched; a sender whose account is gone has no key, and their texts read "".
 */

/** Events per query while folding and while streaming. */
export const EXPORT_BATCH_SIZE = 500;

/**
 * The events that name the person, in log order. Application events of jobs the person posted are
 * left out on purpose: they are the applicants' (their cover letters are sealed with their keys), and
 * the person's part in them, the job, is in their job streams. A connection never names one person
 * twice, yet UNION (not UNION ALL) keeps every position once whatever the data says.
 */
function positionsQuery(table: string): string {
  return `
    SELECT position FROM ${table} WHERE stream_type = 'user' AND stream_id = $1
    UNION
    SELECT position FROM ${table}
     WHERE stream_type = 'post' AND coalesce(data->>'authorId', data->>'userId') = $1
    UNION
    SELECT position FROM ${table} WHERE stream_type = 'connection' AND data->>'requesterId' = $1
    UNION
    SELECT position FROM ${table} WHERE stream_type = 'connection' AND data->>'recipientId' = $1
    UNION
    SELECT position FROM ${table} WHERE stream_type = 'job' AND data->>'employerId' = $1
    UNION
    SELECT position FROM ${table} WHERE stream_type = 'application' AND data->>'applicantId' = $1
    UNION
    SELECT position FROM ${table} WHERE stream_type = 'conversation' AND data->'participantIds'->>0 = $1
    UNION
    SELECT position FROM ${table} WHERE stream_type = 'conversation' AND data->'participantIds'->>1 = $1
    ORDER BY position`;
}

/** The people the person has a conversation with (their keys open the messages they sent the person). */
function partnersQuery(table: string): string {
  return `
    SELECT data->'participantIds'->>1 AS other FROM ${table}
     WHERE stream_type = 'conversation' AND type = 'ConversationStarted' AND data->'participantIds'->>0 = $1
    UNION
    SELECT data->'participantIds'->>0 FROM ${table}
     WHERE stream_type = 'conversation' AND type = 'ConversationStarted' AND data->'participantIds'->>1 = $1`;
}

interface LogRow {
  position: number;
  event_id: string;
  stream_type: DomainEvent['streamType'];
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: { actorId: string | null; correlationId: string; causationId: string | null };
  occurred_at: Date;
}

type Keyed<T> = Map<string, T>;

/**
 * The summary parts, folded event by event in log order (pure). Events of another person never reach
 * it; a post removed since (its author deleted it, or their account) takes the person's likes and
 * comments on it along, as it did in the product. An edit replaces the text shown; the `events` list
 * keeps every version.
 */
export class ExportSummary {
  readonly userId: string;
  private user: User | null = null;
  private deleted = false;
  private readonly posts: Keyed<ExportedPost> = new Map();
  private readonly comments: Keyed<ExportedComment> = new Map();
  private readonly likes: Keyed<ExportedLike> = new Map();
  private readonly connections: Keyed<ExportedConnection> = new Map();
  private readonly applications: Keyed<ExportedApplication> = new Map();
  private readonly jobs: Keyed<ExportedJob> = new Map();
  private readonly savedJobs: Keyed<ExportedSavedJob> = new Map();
  /** By `tagKey`: one follow per tag, whatever its spelling. */
  private readonly followedTags: Keyed<ExportedFollowedTag> = new Map();
  private readonly removedPosts = new Set<string>();
  private readonly conversations: Keyed<ExportedConversation> = new Map();
  private readonly messages: ExportedMessage[] = [];

  constructor(userId: string) {
    this.userId = userId;
  }

  apply(event: DomainEvent): void {
    dispatchEvent(folds, event, undefined, this);
  }

  /** A change to the person's own account (their stream only), folded as the write side folds it. */
  userChanged(event: EventOnStream<'user'>): void {
    if (event.streamId !== this.userId) return;
    if (event.type === 'AccountDeleted') this.deleted = true;
    else this.user = evolveUser(this.user, event);
  }

  /** A request, answer or ending of a connection the person is a party to: `status` null when it ended. */
  connectionChanged(
    event: EventOnStream<'connection'>,
    status: ExportedConnection['status'] | null,
    since: string | null,
  ): void {
    const me = this.userId;
    const { connectionId, requesterId, recipientId } = event.data;
    if (requesterId !== me && recipientId !== me) return;
    if (status === null || since === null) {
      this.connections.delete(connectionId);
      return;
    }
    this.connections.set(connectionId, {
      connectionId,
      otherUserId: requesterId === me ? recipientId : requesterId,
      direction: requesterId === me ? 'sent' : 'received',
      status,
      since,
    });
  }

  jobPosted(event: EventOfType<'JobPosted'>): void {
    if (event.data.employerId !== this.userId) return;
    const { jobId, title, company, postedAt } = event.data;
    this.jobs.set(jobId, { jobId, title, companyName: company.name, closed: false, postedAt });
  }

  /**
   * The person edited their job: the export shows it as last edited. ExportedJob has no `editedAt`
   * (the `events` list holds every JobEdited, with its time).
   */
  jobEdited(event: EventOfType<'JobEdited'>): void {
    if (event.data.employerId !== this.userId) return;
    const job = this.jobs.get(event.data.jobId);
    if (job) Object.assign(job, { title: event.data.title, companyName: event.data.company.name });
  }

  jobClosed(event: EventOfType<'JobClosed'>): void {
    if (event.data.employerId !== this.userId) return;
    const job = this.jobs.get(event.data.jobId);
    if (job) job.closed = true;
  }

  /** A job the person saved for later (their own stream): it stays on the list whatever the job does. */
  jobSaved(event: EventOfType<'JobSaved'>): void {
    if (event.data.userId !== this.userId) return;
    const { jobId, savedAt } = event.data;
    this.savedJobs.delete(jobId);
    this.savedJobs.set(jobId, { jobId, savedAt });
  }

  jobUnsaved(event: EventOfType<'JobUnsaved'>): void {
    if (event.data.userId === this.userId) this.savedJobs.delete(event.data.jobId);
  }

  /** A tag the person followed (their own stream), in the spelling they followed it by. */
  tagFollowed(event: EventOfType<'TagFollowed'>): void {
    if (event.data.userId !== this.userId) return;
    const { tag, followedAt } = event.data;
    const key = tagKey(tag);
    this.followedTags.delete(key);
    this.followedTags.set(key, { tag, followedAt });
  }

  tagUnfollowed(event: EventOfType<'TagUnfollowed'>): void {
    if (event.data.userId === this.userId) this.followedTags.delete(tagKey(event.data.tag));
  }

  applied(event: EventOfType<'ApplicationSubmitted'>): void {
    if (event.data.applicantId !== this.userId) return;
    const { applicationId, jobId, employerId, coverLetter, expectedSalary, resume, appliedAt } = event.data;
    this.applications.set(applicationId, {
      applicationId,
      jobId,
      employerId,
      status: 'pending',
      coverLetter,
      expectedSalary,
      resume: resume ? { filename: resume.filename, size: resume.size } : null,
      appliedAt,
    });
  }

  applicationMoved(
    event: EventOfType<'ApplicationStatusChanged' | 'ApplicationWithdrawn'>,
    status: ExportedApplication['status'],
  ): void {
    if (event.data.applicantId !== this.userId) return;
    const application = this.applications.get(event.data.applicationId);
    if (application) application.status = status;
  }

  posted(event: EventOfType<'PostCreated'>): void {
    if (event.data.authorId !== this.userId) return;
    const { postId, content, type, category, visibility, tags, images, createdAt } = event.data;
    // The pictures as the event names them (id, alt text, size); the files are the read side's to serve.
    this.posts.set(postId, { postId, content, type, category, visibility, tags, images, createdAt });
  }

  /**
   * The person changed their post's text: the export shows the text as it is now, its tags after the
   * edit (an edit recorded before tags followed the text leaves them), and when it was.
   */
  postEdited(event: EventOfType<'PostEdited'>): void {
    if (event.data.authorId !== this.userId) return;
    const post = this.posts.get(event.data.postId);
    if (!post) return;
    const { content, tags, editedAt } = event.data;
    Object.assign(post, { content, editedAt }, tags ? { tags } : {});
  }

  postRemoved(event: EventOfType<'PostRemoved'>): void {
    this.removedPosts.add(event.data.postId);
  }

  commented(event: EventOfType<'CommentAdded'>): void {
    if (event.data.authorId !== this.userId) return;
    const { commentId, postId, content, createdAt } = event.data;
    this.comments.set(commentId, { commentId, postId, content, createdAt });
  }

  /** The person changed their comment's text: the export shows the text as it is now, and when it was. */
  commentEdited(event: EventOfType<'CommentEdited'>): void {
    if (event.data.authorId !== this.userId) return;
    const comment = this.comments.get(event.data.commentId);
    if (comment) Object.assign(comment, { content: event.data.content, editedAt: event.data.editedAt });
  }

  /** Their comment deleted: by them, by the post's author, or with their account. */
  commentRemoved(event: EventOfType<'CommentRemoved'>): void {
    if (event.data.authorId === this.userId) this.comments.delete(event.data.commentId);
  }

  liked(event: EventOfType<'PostLiked'>): void {
    if (event.data.userId === this.userId)
      this.likes.set(event.data.postId, { postId: event.data.postId, likedAt: event.data.likedAt });
  }

  unliked(event: EventOfType<'PostUnliked'>): void {
    if (event.data.userId === this.userId) this.likes.delete(event.data.postId);
  }

  /** A conversation the person is in: the other person by id, and the job it was started from. */
  conversationStarted(event: EventOfType<'ConversationStarted'>): void {
    const { conversationId, participantIds, job, startedBy, startedAt } = event.data;
    if (!participantIds.includes(this.userId)) return;
    const otherUserId = participantIds[0] === this.userId ? participantIds[1] : participantIds[0];
    this.conversations.set(conversationId, { conversationId, otherUserId, job, startedBy, startedAt });
  }

  /** A message the person sent or received (its text "" when its sender's account is gone). */
  messageSent(event: EventOfType<'MessageSent'>): void {
    const { conversationId, participantIds, messageId, senderId, text, sentAt } = event.data;
    if (!participantIds.includes(this.userId)) return;
    this.messages.push({ conversationId, messageId, senderId, text, sentAt });
  }

  /** The posts of others the person liked or commented on: whether they are gone is on their streams. */
  othersPostIds(): string[] {
    const ids = new Set<string>();
    for (const { postId } of this.likes.values()) ids.add(postId);
    for (const { postId } of this.comments.values()) ids.add(postId);
    for (const postId of this.posts.keys()) ids.delete(postId);
    return [...ids];
  }

  /** Posts found removed on their own streams (the person's own removals arrive as their events). */
  postsRemoved(postIds: Iterable<string>): void {
    for (const postId of postIds) this.removedPosts.add(postId);
  }

  /** The parts, or null when there is no account (never registered, or deleted). */
  result(exportedAt: Date): Omit<AccountExport, 'events'> | null {
    if (!this.user || this.deleted) return null;
    const standing = <T extends { postId: string }>(items: Keyed<T>) =>
      [...items.values()].filter(({ postId }) => !this.removedPosts.has(postId));
    return {
      exportedAt: exportedAt.toISOString(),
      user: this.user,
      posts: standing(this.posts),
      comments: standing(this.comments),
      likes: standing(this.likes),
      connections: [...this.connections.values()],
      applications: [...this.applications.values()],
      jobsPosted: [...this.jobs.values()],
      savedJobs: [...this.savedJobs.values()],
      followedTags: [...this.followedTags.values()],
      conversations: [...this.conversations.values()],
      messages: this.messages,
    };
  }
}

/**
 * What each event does to the summary parts; every user event folds into the account itself (what
 * the person sees of it, as the write side keeps it), but for the saved jobs and followed tags, which
 * are lists of their own. The `events` list of the export holds every event whatever this says.
 */
const folds: EventTable<void, StreamType, [summary: ExportSummary]> = {
  UserRegistered: (event, summary) => summary.userChanged(event),
  UserLoggedIn: (event, summary) => summary.userChanged(event),
  UserLoggedOut: (event, summary) => summary.userChanged(event),
  PasswordChanged: (event, summary) => summary.userChanged(event),
  ProfileUpdated: (event, summary) => summary.userChanged(event),
  SkillsUpdated: (event, summary) => summary.userChanged(event),
  NotificationSettingsUpdated: (event, summary) => summary.userChanged(event),
  JobAlertEmailsChosen: (event, summary) => summary.userChanged(event),
  AppearanceSettingsUpdated: (event, summary) => summary.userChanged(event),
  ProfilePictureUploaded: (event, summary) => summary.userChanged(event),
  ProfilePictureRemoved: (event, summary) => summary.userChanged(event),
  ResumeUploaded: (event, summary) => summary.userChanged(event),
  ResumeRemoved: (event, summary) => summary.userChanged(event),
  NotificationsRead: (event, summary) => summary.userChanged(event),
  AllNotificationsRead: (event, summary) => summary.userChanged(event),
  AccountDeleted: (event, summary) => summary.userChanged(event),
  PostCreated: (event, summary) => summary.posted(event),
  PostEdited: (event, summary) => summary.postEdited(event),
  PostRemoved: (event, summary) => summary.postRemoved(event),
  CommentAdded: (event, summary) => summary.commented(event),
  CommentEdited: (event, summary) => summary.commentEdited(event),
  CommentRemoved: (event, summary) => summary.commentRemoved(event),
  PostLiked: (event, summary) => summary.liked(event),
  PostUnliked: (event, summary) => summary.unliked(event),
  ConnectionRequested: (event, summary) =>
    summary.connectionChanged(event, 'pending', event.data.requestedAt),
  ConnectionAccepted: (event, summary) =>
    summary.connectionChanged(event, 'accepted', event.data.respondedAt),
  ConnectionDeclined: (event, summary) =>
    summary.connectionChanged(event, 'rejected', event.data.respondedAt),
  // Withdrawn or removed: the connection is no more.
  ConnectionWithdrawn: (event, summary) => summary.connectionChanged(event, null, null),
  ConnectionRemoved: (event, summary) => summary.connectionChanged(event, null, null),
  JobPosted: (event, summary) => summary.jobPosted(event),
  JobEdited: (event, summary) => summary.jobEdited(event),
  JobClosed: (event, summary) => summary.jobClosed(event),
  JobSaved: (event, summary) => summary.jobSaved(event),
  JobUnsaved: (event, summary) => summary.jobUnsaved(event),
  TagFollowed: (event, summary) => summary.tagFollowed(event),
  TagUnfollowed: (event, summary) => summary.tagUnfollowed(event),
  ApplicationSubmitted: (event, summary) => summary.applied(event),
  ApplicationStatusChanged: (event, summary) => summary.applicationMoved(event, event.data.to),
  ApplicationWithdrawn: (event, summary) => summary.applicationMoved(event, 'withdrawn'),
  // The person's blocks change nothing of the account (they are in the `events` list).
  PersonBlocked: (event, summary) => summary.userChanged(event),
  PersonUnblocked: (event, summary) => summary.userChanged(event),
  ConversationStarted: (event, summary) => summary.conversationStarted(event),
  MessageSent: (event, summary) => summary.messageSent(event),
  // Who read what when is in the `events` list; the parts sum up what was said.
  MessagesRead: () => {},
};

export function exportedEvent(event: DomainEvent): ExportedEvent {
  return {
    id: event.id,
    type: event.type,
    streamType: event.streamType,
    streamId: event.streamId,
    occurredAt: event.occurredAt,
    data: event.data as Record<string, unknown>,
  };
}

/** `careers-export-2025-01-17.json`: the UTC day of the export. */
export function exportFilename(exportedAt: Date): string {
  return `careers-export-${exportedAt.toISOString().slice(0, 10)}.json`;
}

export interface ExportDeps {
  pool: Pool;
  vault: PersonalDataVault;
  /** The command-service's schema (the event log's). */
  schema: string;
}

/** A person's export, ready to be written: the parts, and the events to stream after them. */
export interface PreparedExport {
  summary: Omit<AccountExport, 'events'>;
  /** The JSON text of the whole export, a batch of events at a time. */
  chunks(): AsyncGenerator<string>;
}

export class AccountExporter {
  private readonly deps: ExportDeps;
  private readonly table: string;

  constructor(deps: ExportDeps) {
    this.deps = deps;
    this.table = `${ident(deps.schema)}.event_log`;
  }

  private async positionsOf(userId: string): Promise<number[]> {
    const { rows } = await this.deps.pool.query<{ position: number }>({
      name: preparedName(`${this.table}:export-positions`),
      text: positionsQuery(this.table),
      values: [userId],
    });
    return rows.map((row) => row.position);
  }

  /** The events at these positions (one batch), opened and upcast, in log order. */
  private async eventsAt(positions: number[], open: OpenSealed): Promise<DomainEvent[]> {
    const { rows } = await this.deps.pool.query<LogRow>({
      name: preparedName(`${this.table}:export-events`),
      text: `SELECT ${EVENT_LOG_COLUMNS} FROM ${this.table} WHERE position = ANY($1::bigint[]) ORDER BY position`,
      values: [positions],
    });
    return rows.map((row) => parseDomainEvent(rowToEnvelope(row), { open }));
  }

  private async *batches(positions: number[], open: OpenSealed): AsyncGenerator<DomainEvent[]> {
    for (let start = 0; start < positions.length; start += EXPORT_BATCH_SIZE) {
      yield await this.eventsAt(positions.slice(start, start + EXPORT_BATCH_SIZE), open);
    }
  }

  /** Which of these posts were removed (deleted by their authors, or with their authors' accounts). */
  private async removedAmong(postIds: string[]): Promise<string[]> {
    if (postIds.length === 0) return [];
    const { rows } = await this.deps.pool.query<{ stream_id: string }>({
      name: preparedName(`${this.table}:export-removed-posts`),
      text: `SELECT DISTINCT stream_id FROM ${this.table}
              WHERE stream_id = ANY($1::text[]) AND stream_type = 'post' AND type = 'PostRemoved'`,
      values: [postIds],
    });
    return rows.map((row) => row.stream_id);
  }

  /**
   * Reads and folds the person's events (steps 1 and 2). Null when they have no account any more (a
   * deletion that finished while their session was being read).
   */
  /** The people the person has a conversation with. */
  private async partnersOf(userId: string): Promise<string[]> {
    const { rows } = await this.deps.pool.query<{ other: string }>({
      name: preparedName(`${this.table}:export-partners`),
      text: partnersQuery(this.table),
      values: [userId],
    });
    return rows.map((row) => row.other);
  }

  async prepare(userId: string, exportedAt: Date): Promise<PreparedExport | null> {
    const [positions, partners] = await Promise.all([this.positionsOf(userId), this.partnersOf(userId)]);
    const open = await this.deps.vault.opener(this.deps.pool, [userId, ...partners]);
    const fold = new ExportSummary(userId);
    for await (const batch of this.batches(positions, open)) {
      for (const event of batch) fold.apply(event);
    }
    fold.postsRemoved(await this.removedAmong(fold.othersPostIds()));
    const summary = fold.result(exportedAt);
    if (!summary) return null;
    const batches = () => this.batches(positions, open);
    return { summary, chunks: () => exportChunks(summary, batches()) };
  }
}

/**
 * The export's JSON text: the parts first, indented for a person reading the file, then `events`, one
 * line each, a batch per chunk (step 3). Parsed, it is exactly `{ ...summary, events }`.
 */
export async function* exportChunks(
  summary: Omit<AccountExport, 'events'>,
  batches: AsyncIterable<DomainEvent[]>,
): AsyncGenerator<string> {
  const head = JSON.stringify(summary, null, 2);
  // `{ ...parts\n}` -> `{ ...parts,\n  "events": [`
  yield `${head.slice(0, head.lastIndexOf('\n}'))},\n  "events": [`;
  let first = true;
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    const lines = batch.map((event) => `\n    ${JSON.stringify(exportedEvent(event))}`);
    yield `${first ? '' : ','}${lines.join(',')}`;
    first = false;
  }
  yield first ? ']\n}\n' : '\n  ]\n}\n';
}

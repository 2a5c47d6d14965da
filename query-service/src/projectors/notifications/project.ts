import type { DomainEvent } from '@careers/contracts/events/catalogue';
import {
  dispatchEvent,
  type EventOfType,
  type EventTable,
  typesHandled,
} from '@careers/contracts/events/event-table';
import type { StreamType } from '@careers/contracts/topics';
import { type NotificationPush, publishNotificationPushes } from '@careers/service-kit/notification-pushes';
import { peopleCards } from '../people-cards.ts';
import { defineProjector, type ProjectionContext } from '../projector.ts';
import { eraseAccount } from './account.ts';
import { profileChanged, settingsChanged, skillsChanged } from './job-alerts.ts';
import { jobsEdited, jobsPosted } from './jobs.ts';
import { commentRemoved, type LikersKept, likersKept, postRemoved } from './likes-comments.ts';
import { projectLikesAndComments } from './likes-comments-batch.ts';
import { mailedBy, queueMails } from './mail-queue.ts';
import { messageSent, messagesRead } from './messages.ts';
import { unreadCountSql } from './queries.ts';
import { allRead, read } from './reads.ts';
import {
  projectRequestsAndApplications,
  type RequestOrApplication,
  requestAndApplicationTypes,
} from './requests-applications.ts';
import type { Change, Tx } from './shared.ts';

/** What each handler of `project` takes after its event. */
type Args = [tx: Tx, schema: string, kept: LikersKept | undefined];

/**
 * The people notifications show (their actors) and tell (whether they want pushes; their address,
 * `emailNotifications` and time zone for the mail: mail-queue.ts), kept from their
 * user events (people-cards.ts).
 */
const people = peopleCards('notification_people', [
  'push_notifications',
  'email',
  'email_notifications',
  'time_zone',
  'job_alert_emails',
]);

/**
 * The batched types' effects are written once, set-based over a batch (likes-comments-batch.ts,
 * requests-applications.ts, jobs.ts); one event alone is a batch of one.
 */
const likeOrComment = (event: DomainEvent, tx: Tx, schema: string, kept: LikersKept | undefined) =>
  projectLikesAndComments([event], tx, schema, kept);
const requestOrApplication = (event: RequestOrApplication, tx: Tx, schema: string) =>
  projectRequestsAndApplications([event], tx, schema);

/** For a user event that changes no notification, only its person's card (`people`). */
const cardOnly = async (): Promise<Change[]> => [];

/**
 * What each event does to the notification tables, and whose notifications it changed; `null` for an
 * event that changes no notification. Each source's work is in its own file: likes and comments
 * (likes-comments.ts), requests and applications (requests-applications.ts), job alerts and what they
 * are matched on (job-alerts.ts), reads, and account deletion (account.ts).
 */
const project: EventTable<Promise<Change[]>, StreamType, Args> = {
  ConnectionRequested: requestOrApplication,
  ConnectionAccepted: requestOrApplication,
  ConnectionDeclined: requestOrApplication,
  ConnectionWithdrawn: requestOrApplication,
  // Ending a connection tells nobody.
  ConnectionRemoved: null,
  ApplicationSubmitted: requestOrApplication,
  ApplicationStatusChanged: requestOrApplication,
  // The poster is not told of a withdrawal; the applicant's own notifications stay.
  ApplicationWithdrawn: null,
  CommentAdded: likeOrComment,
  // The comment's notification quotes it as it now reads (its excerpt), and its reader's panel is told.
  CommentEdited: likeOrComment,
  CommentRemoved: (event, tx, schema) => commentRemoved(event, tx, schema),
  PostLiked: likeOrComment,
  PostUnliked: likeOrComment,
  PostRemoved: (event, tx, schema, kept) => postRemoved(event, tx, schema, kept),
  // No notification quotes a post's text: its likes' and comments' notifications name it by id alone.
  PostEdited: null,
  // A post tells nobody by itself: its likes and comments do, to its author kept here.
  PostCreated: likeOrComment,
  AccountDeleted: (event, tx, schema, kept) => eraseAccount(tx, schema, event.data.userId, kept),
  JobPosted: (event, tx, schema) => jobsPosted(tx, schema, [event]),
  // The job's notifications name it as it now reads; an edit alerts nobody (jobs.ts).
  JobEdited: (event, tx, schema) => jobsEdited(tx, schema, [event]),
  // A closed job's alerts stay: they tell of a job that was open then, and the job says it closed.
  JobClosed: null,
  SkillsUpdated: (event, tx, schema) => skillsChanged(event, tx, schema),
  ProfileUpdated: (event, tx, schema) => profileChanged(event, tx, schema),
  NotificationSettingsUpdated: (event, tx, schema) => settingsChanged(event, tx, schema),
  NotificationsRead: (event, tx, schema) => read(event, tx, schema),
  AllNotificationsRead: (event, tx, schema) => allRead(event, tx, schema),
  UserRegistered: cardOnly,
  UserLoggedIn: null,
  UserLoggedOut: null,
  PasswordChanged: null,
  // The time zone a daily digest of job alerts is read in: the person's card alone.
  AppearanceSettingsUpdated: cardOnly,
  // Instant job alert mails or a daily digest: the person's card alone.
  JobAlertEmailsChosen: cardOnly,
  ProfilePictureUploaded: cardOnly,
  ProfilePictureRemoved: cardOnly,
  ResumeUploaded: null,
  ResumeRemoved: null,
  // A person's own list: saving a job tells nobody, its poster included.
  JobSaved: null,
  JobUnsaved: null,
  // Following a tag tells nobody.
  TagFollowed: null,
  TagUnfollowed: null,
  // A conversation begun tells nobody: its first message does (messages.ts).
  ConversationStarted: null,
  MessageSent: (event, tx, schema) => messageSent(event, tx, schema),
  // Reading the conversation reads its notification.
  MessagesRead: (event, tx, schema) => messagesRead(event, tx, schema),
  // The blocked side is told nothing; the blocker's own tabs have the answer.
  PersonBlocked: null,
  PersonUnblocked: null,
};

/** Each batch's changes so far (a batch has one context), announced when it finishes. */
const pending = new WeakMap<ProjectionContext, Change[]>();

function changesOf(ctx: ProjectionContext): Change[] {
  let changes = pending.get(ctx);
  if (!changes) {
    changes = [];
    pending.set(ctx, changes);
  }
  return changes;
}

/** Each batch's notifications that may be mailed (made by `mailedBy`'s events), queued when it finishes. */
const mailable = new WeakMap<ProjectionContext, string[]>();

/** Keeps `changes` for the batch's announcement, and, when `mailed` made them, for its mail. */
function keep(ctx: ProjectionContext, changes: readonly Change[], mailed: boolean): void {
  changesOf(ctx).push(...changes);
  if (!mailed) return;
  const ids = mailable.get(ctx) ?? [];
  for (const c of changes) if (c.notificationId !== null) ids.push(c.notificationId);
  mailable.set(ctx, ids);
}

/** What `project` does for one event, its changes kept for the batch's announcement. */
async function projectOne(event: DomainEvent, ctx: ProjectionContext): Promise<void> {
  const changes = await dispatchEvent(
    project,
    event,
    Promise.resolve([]),
    ctx.tx,
    ctx.schema,
    likersKept(ctx),
  );
  keep(ctx, changes, mailedBy.has(event.type));
}

/**
 * After the batch commits, each person whose notifications changed and who wants pushes is named to the
 * gateways with their unread count after the whole batch (read once for everyone, in the batch's
 * transaction): one push per notification the batch made or moved up for them, so none goes unheard
 * (two jobs matching one person in one batch are two alerts), or one without a notification when the
 * batch only took some away or marked them read.
 */
async function announce(ctx: ProjectionContext, changes: readonly Change[]): Promise<void> {
  // A rebuild tells nobody (its after-commit work is dropped), so the counts are not read for it.
  if (changes.length === 0 || ctx.replaying) return;
  // What the batch made or moved up that may be mailed, queued in its transaction (mail-queue.ts).
  const toMail = mailable.get(ctx);
  mailable.delete(ctx);
  if (toMail !== undefined) await queueMails(ctx, toMail);
  const made = new Map<string, Set<string>>();
  for (const c of changes) {
    const ids = made.get(c.userId) ?? new Set<string>();
    if (c.notificationId !== null) ids.add(c.notificationId);
    made.set(c.userId, ids);
  }
  // Each count is the one kept per person (migration 017). The person and their count are looked up
  // through the keys, a subquery each (a list matched with `= ANY`, or joined, is a scan of every user:
  // joined, the planner hashed all 20,000 users of a test table for 726 people, 28 ms against 9). Where
  // the batch moved a count it holds the row already; where it did not, a writer that has not committed
  // moves it after this.
  const s = ctx.schema;
  const { rows: found } = await ctx.tx.query<{ id: string; unread: number | null; known: boolean | null }>(
    `SELECT x.id, c.unread, c.known
       FROM unnest($1::text[]) AS x(id)
       CROSS JOIN LATERAL (
         SELECT push_notifications FROM ${s}.notification_people WHERE id = x.id OFFSET 0
       ) u
       LEFT JOIN LATERAL (
         SELECT unread, known FROM ${s}.notification_unread_counts WHERE user_id = x.id OFFSET 0
       ) c ON true
      WHERE u.push_notifications`,
    [[...made.keys()]],
  );
  const unreadOf = new Map<string, number>();
  for (const r of found) if (r.known === true && r.unread !== null) unreadOf.set(r.id, r.unread);
  // A count not known is counted, once its row is taken (a writer of the person's notifications that has
  // not committed is waited for; one that writes later moves the count after this), in a later
  // statement, which sees whatever committed before that.
  const unknown = found.filter((r) => !unreadOf.has(r.id)).map((r) => r.id);
  if (unknown.length > 0) {
    await ctx.tx.query(
      `INSERT INTO ${s}.notification_unread_counts AS c (user_id, unread, known)
       SELECT id, 0, false FROM unnest($1::text[]) AS x(id) ORDER BY id
       ON CONFLICT (user_id) DO UPDATE SET known = c.known`,
      [unknown],
    );
    const { rows: counted } = await ctx.tx.query<{ user_id: string; unread: number }>(
      `UPDATE ${s}.notification_unread_counts c SET unread = ${unreadCountSql(s, 'c.user_id')}, known = true
         FROM unnest($1::text[]) AS x(id)
        WHERE c.user_id = x.id
       RETURNING c.user_id, c.unread`,
      [unknown],
    );
    for (const r of counted) unreadOf.set(r.user_id, r.unread);
  }
  const rows = [...unreadOf].map(([id, unread]) => ({ id, unread }));
  if (rows.length === 0) return;
  const pushes: NotificationPush[] = rows.flatMap((r) => {
    const ids = [...(made.get(r.id) ?? [])];
    return (ids.length > 0 ? ids : [null]).map((notificationId) => ({
      userId: r.id,
      unreadCount: r.unread,
      notificationId,
    }));
  });
  ctx.afterCommit((redis) => publishNotificationPushes(redis, pushes));
}

/**
 * The notification centre's read model (beyond the spec). Made only from events already on the topics,
 * so a rebuild makes the same rows; `connectionRequests`, `applicationUpdates` and `jobAlerts` off mean
 * no such notification is made for that person, and `pushNotifications` off means it is listed but not
 * pushed. Each row's id is derived from its event, so a redelivery never makes a second one.
 *
 * Topics are read at their own paces (live, and much more so in a rebuild), so nothing here depends on
 * the order events of different streams arrive in: each notification is judged by its recipient's
 * settings, skills and roles as of its own time (kept with the time each held from), a person's change
 * judges again whatever of theirs is dated after it, and marks read are kept as facts compared with
 * each notification's time. The people shown and told are kept here too (`people`), from their user
 * events, and joined when read.
 */
export const notificationsProjector = defineProjector({
  name: 'notifications',
  handles: typesHandled(project),
  async apply(event, ctx) {
    // The person's card, from their user events and gone at their AccountDeleted.
    await people.apply([event], ctx);
    await projectOne(event, ctx);
  },
  batched: [
    'PostCreated',
    'PostLiked',
    'PostUnliked',
    'CommentAdded',
    'CommentEdited',
    'JobPosted',
    'JobEdited',
    ...requestAndApplicationTypes,
    'UserRegistered',
    'ProfileUpdated',
    'SkillsUpdated',
  ],
  // Of the others' read models it reads in a rebuild the deleted accounts alone (the posts' authors,
  // the jobs' titles and the people it shows and tells it keeps itself), which only a later event
  // writes (an account deleted), and that event takes this projector's rows about them too.
  replaysBehind: true,
  async applyBatch(events, ctx) {
    // A run is of one stream type: a post's events, or a connection's, or an application's, or a job's,
    // or people's.
    if (events[0]?.streamType === 'user') {
      // Their cards at once; then each event's own work in turn (none reads the cards).
      await people.apply(events, ctx);
      for (const event of events) await projectOne(event, ctx);
      return;
    }
    if (events[0]?.streamType === 'job') {
      // The run's new jobs and their alerts, then its edits of them (a job's JobPosted comes first in
      // its stream, and its alerts are judged by the JobPosted alone).
      const jobs = events.filter((e): e is DomainEvent & { type: 'JobPosted' } => e.type === 'JobPosted');
      const edits = events.filter((e): e is EventOfType<'JobEdited'> => e.type === 'JobEdited');
      if (jobs.length + edits.length !== events.length)
        throw new Error('notifications: a batch mixes jobs with other streams');
      if (jobs.length > 0) keep(ctx, await jobsPosted(ctx.tx, ctx.schema, jobs), true);
      if (edits.length > 0) keep(ctx, await jobsEdited(ctx.tx, ctx.schema, edits), false);
      return;
    }
    const requests = events.filter((e): e is RequestOrApplication =>
      requestAndApplicationTypes.includes(e.type),
    );
    if (requests.length === events.length) {
      keep(
        ctx,
        await projectRequestsAndApplications(requests, ctx.tx, ctx.schema),
        requests.some((e) => mailedBy.has(e.type)),
      );
    } else if (requests.length === 0) {
      keep(ctx, await projectLikesAndComments(events, ctx.tx, ctx.schema, likersKept(ctx)), false);
    } else {
      throw new Error('notifications: a batch mixes posts with connections or applications');
    }
  },
  // Everyone whose notifications the batch changed is announced after all of it, with their count then.
  async finish(ctx) {
    const changes = pending.get(ctx) ?? [];
    pending.delete(ctx);
    await announce(ctx, changes);
  },
  async reset({ tx, schema }) {
    await tx.query(
      `TRUNCATE ${schema}.notifications, ${schema}.notification_likers, ${schema}.notification_reads,
         ${schema}.notification_read_marks, ${schema}.alert_skills, ${schema}.alert_roles, ${schema}.alert_settings,
         ${schema}.alert_jobs, ${schema}.notification_unread_counts, ${schema}.notification_post_authors,
         ${schema}.notification_jobs`,
    );
    await people.reset({ tx, schema });
  },
});

import { createHash } from 'node:crypto';
import type { NotificationKind } from '@careers/contracts/entities/notification';
import type { NotificationSettings } from '@careers/contracts/entities/notification-settings';
import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { type NotificationPush, publishNotificationPushes } from '@careers/service-kit/notification-pushes';
import type { ProjectionContext, Projector } from '../projector.ts';
import { roleIndexRows, skillKey, wordsOf } from './matching.ts';

/** A comment's notification quotes this many characters of it. */
export const COMMENT_EXCERPT_LENGTH = 100;

type Tx = ProjectionContext['tx'];

/**
 * A notification's id, derived from what it is about and who gets it (an RFC 9562 name-based id, MD5
 * flavour), so the same event always makes the same row: a redelivery or a rebuild writes it again
 * instead of a second one. `uuidSql` is the same function in SQL, for rows made many at once.
 */
export function notificationId(subject: string, recipientId: string): string {
  const h = createHash('md5').update(`${subject}:${recipientId}`).digest('hex');
  const v = `${h.slice(0, 12)}3${h.slice(13, 16)}a${h.slice(17, 32)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
}
const uuidSql = (subjectSql: string, recipientSql: string) =>
  `(SELECT (substr(h, 1, 12) || '3' || substr(h, 14, 3) || 'a' || substr(h, 18, 15))::uuid
      FROM (SELECT md5(${subjectSql} || ':' || ${recipientSql}) AS h) x)`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whose notifications changed, and the notification that caused it (null: some were read or went). */
interface Change {
  userId: string;
  notificationId: string | null;
}

type Toggle = keyof Pick<NotificationSettings, 'connectionRequests' | 'applicationUpdates'>;

/**
 * Whether a person wants this kind of notification, as their settings stand when the event is applied
 * (a changed toggle counts for what happens next). Someone not projected yet has the defaults: on.
 */
async function wants(tx: Tx, schema: string, userId: string, toggle: Toggle): Promise<boolean> {
  const { rows } = await tx.query<{ on: boolean | null }>(
    `SELECT (notification_settings ->> $2)::boolean AS on FROM ${schema}.users WHERE id = $1`,
    [userId, toggle],
  );
  return rows[0]?.on ?? true;
}

/** The posts read model's author of a post (its PostCreated comes first in the post's own stream). */
async function authorOf(tx: Tx, schema: string, postId: string): Promise<string | null> {
  const { rows } = await tx.query<{ author_id: string }>(
    `SELECT author_id FROM ${schema}.posts WHERE id = $1`,
    [postId],
  );
  return rows[0]?.author_id ?? null;
}

interface NewNotification {
  id: string;
  userId: string;
  kind: NotificationKind;
  actorId: string;
  createdAt: string;
  postId?: string;
  jobId?: string;
  applicationId?: string;
  connectionId?: string;
  status?: string;
  excerpt?: string;
}

/** Writes one notification unless it exists (a redelivery); the change, when it was made. */
async function insert(tx: Tx, schema: string, n: NewNotification): Promise<Change[]> {
  const { rowCount } = await tx.query(
    `INSERT INTO ${schema}.notifications
       (id, user_id, kind, actor_id, post_id, job_id, application_id, connection_id, status, excerpt, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (id) DO NOTHING`,
    [
      n.id,
      n.userId,
      n.kind,
      n.actorId,
      n.postId ?? null,
      n.jobId ?? null,
      n.applicationId ?? null,
      n.connectionId ?? null,
      n.status ?? null,
      n.excerpt ?? null,
      n.createdAt,
    ],
  );
  return (rowCount ?? 0) > 0 ? [{ userId: n.userId, notificationId: n.id }] : [];
}

/**
 * A request that was withdrawn, declined or accepted takes its notification away, so the bell never
 * points at a request that is no longer there (an acceptance makes its own notification for the
 * requester).
 */
async function dropRequest(tx: Tx, schema: string, connectionId: string): Promise<Change[]> {
  const { rows } = await tx.query<{ user_id: string }>(
    `DELETE FROM ${schema}.notifications WHERE connection_id = $1 AND kind = 'connection_request' RETURNING user_id`,
    [connectionId],
  );
  return rows.map((r) => ({ userId: r.user_id, notificationId: null }));
}

/** SQL: the people a job's skills or title match, through the two indexes ($1 skill keys, $2 title words). */
export const jobAlertMatchSql = (schema: string) => `
  SELECT user_id FROM ${schema}.alert_skills WHERE skill_key = ANY($1::text[])
  UNION
  SELECT user_id FROM ${schema}.alert_roles WHERE word = ANY($2::text[])
   GROUP BY user_id, role_key, words HAVING count(*) = words`;

/** The two arguments of `jobAlertMatchSql` for a job. */
export function jobAlertMatchArgs(job: {
  title: string;
  skills: readonly { name: string }[];
}): [string[], string[]] {
  const skills = [...new Set(job.skills.map((s) => skillKey(s.name)).filter((k) => k !== ''))];
  return [skills, wordsOf(job.title)];
}

/**
 * A new job: one alert for everyone it fits who wants alerts, found through the skill and role indexes
 * and then by id, never by reading every user. Their preferred work location, when set, must be the
 * job's. The poster is never alerted of their own job.
 */
async function jobAlerts(
  tx: Tx,
  schema: string,
  event: DomainEvent & { type: 'JobPosted' },
): Promise<Change[]> {
  const d = event.data;
  const [skills, words] = jobAlertMatchArgs(d);
  if (skills.length === 0 && words.length === 0) return [];
  const { rows } = await tx.query<{ user_id: string; id: string }>(
    `WITH matched AS (${jobAlertMatchSql(schema)})
     INSERT INTO ${schema}.notifications (id, user_id, kind, actor_id, job_id, created_at)
     SELECT ${uuidSql(`'job_alert:' || $4::text`, 'u.id')}, u.id, 'job_alert', $3, $4, $5
       FROM matched m JOIN ${schema}.users u ON u.id = m.user_id
      WHERE u.id <> $3
        AND coalesce((u.notification_settings ->> 'jobAlerts')::boolean, true)
        AND coalesce(u.job_preferences ->> 'preferredLocation' = $6, true)
     ON CONFLICT (id) DO NOTHING
     RETURNING user_id, id::text`,
    [skills, words, d.employerId, d.jobId, d.postedAt, d.workLocation],
  );
  return rows.map((r) => ({ userId: r.user_id, notificationId: r.id }));
}

/**
 * One like more on a post: the author's one notification for the post counts it, moves up and is
 * unread again. Nobody is told of their own like.
 */
async function liked(tx: Tx, schema: string, postId: string, userId: string, at: string): Promise<Change[]> {
  const authorId = await authorOf(tx, schema, postId);
  if (authorId === null || authorId === userId) return [];
  const added = await tx.query(
    `INSERT INTO ${schema}.notification_likers (post_id, user_id, liked_at) VALUES ($1, $2, $3)
     ON CONFLICT (post_id, user_id) DO NOTHING`,
    [postId, userId, at],
  );
  if ((added.rowCount ?? 0) === 0) return [];
  const id = notificationId(`post_likes:${postId}`, authorId);
  await tx.query(
    `INSERT INTO ${schema}.notifications (id, user_id, kind, actor_id, actor_count, post_id, created_at)
     VALUES ($1, $2, 'post_likes', NULL, 1, $3, $4)
     ON CONFLICT (id) DO UPDATE SET actor_count = ${schema}.notifications.actor_count + 1, read = false,
       created_at = greatest(${schema}.notifications.created_at, EXCLUDED.created_at)`,
    [id, authorId, postId, at],
  );
  return [{ userId: authorId, notificationId: id }];
}

/** A like taken back takes that person out; a post nobody likes any more has no like notification. */
async function unliked(tx: Tx, schema: string, postId: string, userId: string): Promise<Change[]> {
  const removed = await tx.query(
    `DELETE FROM ${schema}.notification_likers WHERE post_id = $1 AND user_id = $2`,
    [postId, userId],
  );
  if ((removed.rowCount ?? 0) === 0) return [];
  const { rows } = await tx.query<{ user_id: string }>(
    `UPDATE ${schema}.notifications SET actor_count = actor_count - 1
      WHERE kind = 'post_likes' AND post_id = $1 RETURNING user_id`,
    [postId],
  );
  await tx.query(
    `DELETE FROM ${schema}.notifications WHERE kind = 'post_likes' AND post_id = $1 AND actor_count = 0`,
    [postId],
  );
  return rows.map((r) => ({ userId: r.user_id, notificationId: null }));
}

/** Keeps the job-alert indexes to what the person's latest skills and roles say. */
async function indexSkills(tx: Tx, schema: string, userId: string, names: readonly string[]): Promise<void> {
  const keys = [...new Set(names.map(skillKey).filter((k) => k !== ''))];
  await tx.query(`DELETE FROM ${schema}.alert_skills WHERE user_id = $1`, [userId]);
  if (keys.length === 0) return;
  await tx.query(
    `INSERT INTO ${schema}.alert_skills (skill_key, user_id) SELECT unnest($2::text[]), $1 ON CONFLICT DO NOTHING`,
    [userId, keys],
  );
}

async function indexRoles(tx: Tx, schema: string, userId: string, roles: readonly string[]): Promise<void> {
  const rows = roleIndexRows(roles);
  await tx.query(`DELETE FROM ${schema}.alert_roles WHERE user_id = $1`, [userId]);
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO ${schema}.alert_roles (word, user_id, role_key, words)
     SELECT w, $1, r, n FROM unnest($2::text[], $3::text[], $4::int[]) AS x(w, r, n) ON CONFLICT DO NOTHING`,
    [userId, rows.map((r) => r.word), rows.map((r) => r.roleKey), rows.map((r) => r.words)],
  );
}

/** What an event does to the notification tables, and whose notifications it changed. */
async function project(event: DomainEvent, tx: Tx, schema: string): Promise<Change[]> {
  switch (event.type) {
    case 'ConnectionRequested': {
      const d = event.data;
      if (!(await wants(tx, schema, d.recipientId, 'connectionRequests'))) return [];
      return insert(tx, schema, {
        id: notificationId(`connection_request:${d.connectionId}`, d.recipientId),
        userId: d.recipientId,
        kind: 'connection_request',
        actorId: d.requesterId,
        connectionId: d.connectionId,
        createdAt: d.requestedAt,
      });
    }
    case 'ConnectionAccepted': {
      const d = event.data;
      const dropped = await dropRequest(tx, schema, d.connectionId);
      if (!(await wants(tx, schema, d.requesterId, 'connectionRequests'))) return dropped;
      // No connection_id on this one: it is not a request, and dropRequest must leave it.
      return [
        ...dropped,
        ...(await insert(tx, schema, {
          id: notificationId(`connection_accepted:${d.connectionId}`, d.requesterId),
          userId: d.requesterId,
          kind: 'connection_accepted',
          actorId: d.recipientId,
          createdAt: d.respondedAt,
        })),
      ];
    }
    case 'ConnectionDeclined':
    case 'ConnectionWithdrawn':
      return dropRequest(tx, schema, event.data.connectionId);
    case 'ApplicationSubmitted': {
      const d = event.data;
      if (d.applicantId === d.employerId) return [];
      if (!(await wants(tx, schema, d.employerId, 'applicationUpdates'))) return [];
      return insert(tx, schema, {
        id: notificationId(`new_application:${d.applicationId}`, d.employerId),
        userId: d.employerId,
        kind: 'new_application',
        actorId: d.applicantId,
        jobId: d.jobId,
        applicationId: d.applicationId,
        createdAt: d.appliedAt,
      });
    }
    case 'ApplicationStatusChanged': {
      const d = event.data;
      if (!(await wants(tx, schema, d.applicantId, 'applicationUpdates'))) return [];
      // Each change of status is its own notification, named by the event that made it.
      return insert(tx, schema, {
        id: notificationId(`application_status:${event.id}`, d.applicantId),
        userId: d.applicantId,
        kind: 'application_status',
        actorId: d.employerId,
        jobId: d.jobId,
        applicationId: d.applicationId,
        status: d.to,
        createdAt: d.changedAt,
      });
    }
    case 'CommentAdded': {
      const d = event.data;
      const authorId = await authorOf(tx, schema, d.postId);
      if (authorId === null || authorId === d.authorId) return [];
      return insert(tx, schema, {
        id: notificationId(`post_comment:${d.commentId}`, authorId),
        userId: authorId,
        kind: 'post_comment',
        actorId: d.authorId,
        postId: d.postId,
        excerpt: [...d.content.trim()].slice(0, COMMENT_EXCERPT_LENGTH).join(''),
        createdAt: d.createdAt,
      });
    }
    case 'PostLiked':
      return liked(tx, schema, event.data.postId, event.data.userId, event.data.likedAt);
    case 'PostUnliked':
      return unliked(tx, schema, event.data.postId, event.data.userId);
    case 'JobPosted':
      return jobAlerts(tx, schema, event);
    case 'SkillsUpdated':
      await indexSkills(
        tx,
        schema,
        event.data.userId,
        event.data.skills.map((s) => s.name),
      );
      return [];
    case 'ProfileUpdated':
      await indexRoles(tx, schema, event.data.userId, event.data.jobPreferences.roles);
      return [];
    case 'NotificationsRead': {
      const ids = event.data.notificationIds.filter((id) => UUID.test(id));
      if (ids.length === 0) return [];
      // Only the reader's own rows: an id of someone else's notification, or of none, changes nothing.
      const { rowCount } = await tx.query(
        `UPDATE ${schema}.notifications SET read = true WHERE user_id = $1 AND id = ANY($2::uuid[]) AND NOT read`,
        [event.data.userId, ids],
      );
      return (rowCount ?? 0) > 0 ? [{ userId: event.data.userId, notificationId: null }] : [];
    }
    case 'AllNotificationsRead': {
      const { rowCount } = await tx.query(
        `UPDATE ${schema}.notifications SET read = true WHERE user_id = $1 AND NOT read AND created_at <= $2`,
        [event.data.userId, event.data.upTo],
      );
      return (rowCount ?? 0) > 0 ? [{ userId: event.data.userId, notificationId: null }] : [];
    }
    default:
      return [];
  }
}

/**
 * After the batch commits, each person whose notifications changed and who wants pushes is named to the
 * gateways with their new unread count (read in the batch's transaction, so it includes this change).
 */
async function announce(ctx: ProjectionContext, changes: readonly Change[]): Promise<void> {
  if (changes.length === 0) return;
  const latest = new Map<string, string | null>();
  for (const c of changes) {
    if (!latest.has(c.userId) || c.notificationId !== null) latest.set(c.userId, c.notificationId);
  }
  const { rows } = await ctx.tx.query<{ id: string; unread: number }>(
    `SELECT u.id,
            (SELECT count(*)::int FROM ${ctx.schema}.notifications n WHERE n.user_id = u.id AND NOT n.read) AS unread
       FROM ${ctx.schema}.users u
      WHERE u.id = ANY($1::text[]) AND coalesce((u.notification_settings ->> 'pushNotifications')::boolean, true)`,
    [[...latest.keys()]],
  );
  if (rows.length === 0) return;
  const pushes: NotificationPush[] = rows.map((r) => ({
    userId: r.id,
    unreadCount: r.unread,
    notificationId: latest.get(r.id) ?? null,
  }));
  ctx.afterCommit((redis) => publishNotificationPushes(redis, pushes));
}

/**
 * The notification centre's read model (beyond the spec). Made only from events already on the topics,
 * so a rebuild makes the same rows; `connectionRequests`, `applicationUpdates` and `jobAlerts` off mean
 * no such notification is made for that person, and `pushNotifications` off means it is listed but not
 * pushed. Each row's id is derived from its event, so a redelivery never makes a second one.
 *
 * Settings are read from the users read model as the event is applied. Events of different streams
 * reach the projector in no fixed order, so a toggle changed at the very moment of a job's posting may
 * count either way; and ids marked read before their notification was projected stay unread.
 */
export const notificationsProjector: Projector = {
  name: 'notifications',
  handles: [
    'ConnectionRequested',
    'ConnectionAccepted',
    'ConnectionDeclined',
    'ConnectionWithdrawn',
    'ApplicationSubmitted',
    'ApplicationStatusChanged',
    'CommentAdded',
    'PostLiked',
    'PostUnliked',
    'JobPosted',
    'SkillsUpdated',
    'ProfileUpdated',
    'NotificationsRead',
    'AllNotificationsRead',
  ],
  async apply(event, ctx) {
    await announce(ctx, await project(event, ctx.tx, ctx.schema));
  },
  async reset({ tx, schema }) {
    await tx.query(
      `TRUNCATE ${schema}.notifications, ${schema}.notification_likers, ${schema}.alert_skills, ${schema}.alert_roles`,
    );
  },
};

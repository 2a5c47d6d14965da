import { createHash } from 'node:crypto';
import type { NotificationKind } from '@careers/contracts/entities/notification';
import type { DomainEvent, EventData } from '@careers/contracts/events/catalogue';
import { type NotificationPush, publishNotificationPushes } from '@careers/service-kit/notification-pushes';
import type { ProjectionContext, Projector } from '../projector.ts';
import type { ReplayMemory } from '../replay-memory.ts';
import { anyDeleted, deletedAmong } from '../users/deleted-accounts.ts';
import { roleIndexRows, skillKey, wordsOf } from './matching.ts';
import { unreadCountSql } from './queries.ts';

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
  `overlay(overlay(md5(${subjectSql} || ':' || ${recipientSql}) placing '3' from 13) placing 'a' from 17)::uuid`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whose notifications changed, and the notification that caused it (null: some were read or went). */
interface Change {
  userId: string;
  notificationId: string | null;
}

/** The toggle each kind answers to; kinds not named have none. */
const toggleOf: Partial<Record<NotificationKind, 'connection_requests' | 'application_updates'>> = {
  connection_request: 'connection_requests',
  connection_accepted: 'connection_requests',
  new_application: 'application_updates',
  application_status: 'application_updates',
};

/** SQL: whether each notification `n` of a toggled kind is hidden under the settings row `s`. */
const hiddenSql = (n: string, s: string) => `CASE
    WHEN ${n}.kind IN ('connection_request', 'connection_accepted') THEN NOT ${s}.connection_requests
    WHEN ${n}.kind IN ('new_application', 'application_status') THEN NOT ${s}.application_updates
    ELSE false END`;

interface AlertSettings {
  connection_requests: boolean;
  application_updates: boolean;
  job_alerts: boolean;
  preferred_location: string | null;
}

/** A person's toggles and preferred work location as they stood at `at`; before any change, the defaults. */
async function settingsAsOf(tx: Tx, schema: string, userId: string, at: string): Promise<AlertSettings> {
  const { rows } = await tx.query<AlertSettings>(
    `SELECT connection_requests, application_updates, job_alerts, preferred_location FROM ${schema}.alert_settings
      WHERE user_id = $1 AND valid_from <= $2 ORDER BY valid_from DESC, stream_version DESC LIMIT 1`,
    [userId, at],
  );
  return (
    rows[0] ?? {
      connection_requests: true,
      application_updates: true,
      job_alerts: true,
      preferred_location: null,
    }
  );
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

/**
 * Writes one notification unless it exists (a redelivery). One of a kind its recipient had turned off
 * at its time is kept hidden: a toggle change that arrives later (another topic) may show it.
 */
/** A comment's notification to the post's author, applied one by one or in a batch alike. */
function commentNotification(d: EventData<'CommentAdded'>, authorId: string): NewNotification {
  return {
    id: notificationId(`post_comment:${d.commentId}`, authorId),
    userId: authorId,
    kind: 'post_comment',
    actorId: d.authorId,
    postId: d.postId,
    excerpt: [...d.content.trim()].slice(0, COMMENT_EXCERPT_LENGTH).join(''),
    createdAt: d.createdAt,
  };
}

async function insert(tx: Tx, schema: string, n: NewNotification): Promise<Change[]> {
  // Nobody is told of, or by, a deleted account (an event of another topic applied after it).
  if (await anyDeleted(tx, schema, n.userId, n.actorId)) return [];
  const toggle = toggleOf[n.kind];
  const hidden = toggle ? !(await settingsAsOf(tx, schema, n.userId, n.createdAt))[toggle] : false;
  const { rowCount } = await tx.query(
    `INSERT INTO ${schema}.notifications (id, user_id, kind, actor_id, post_id, job_id, application_id,
       connection_id, status, excerpt, created_at, hidden)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
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
      hidden,
    ],
  );
  return (rowCount ?? 0) > 0 && !hidden ? [{ userId: n.userId, notificationId: n.id }] : [];
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

/**
 * SQL: the people a job's skills or title matched at its time (by default $1 skill keys, $2 title
 * words, $3 the time; or the columns of a batch's jobs), through the two indexes.
 */
export const jobAlertMatchSql = (schema: string, skills = '$1::text[]', words = '$2::text[]', at = '$3') => `
  SELECT user_id FROM ${schema}.alert_skills
   WHERE skill_key = ANY(${skills}) AND valid_from <= ${at} AND (valid_to IS NULL OR valid_to > ${at})
  UNION
  SELECT user_id FROM ${schema}.alert_roles
   WHERE word = ANY(${words}) AND valid_from <= ${at} AND (valid_to IS NULL OR valid_to > ${at})
   GROUP BY user_id, role_key, words, valid_from HAVING count(*) = words`;

/** The two arguments of `jobAlertMatchSql` for a job. */
export function jobAlertMatchArgs(job: {
  title: string;
  skills: readonly { name: string }[];
}): [string[], string[]] {
  const skills = [...new Set(job.skills.map((s) => skillKey(s.name)).filter((k) => k !== ''))];
  return [skills, wordsOf(job.title)];
}

/**
 * New jobs: one alert for everyone each fits, as they stood when it was posted, found through the skill
 * and role indexes and then by id, never by reading every user: alerts on, and their preferred work
 * location, when set, the job's. The poster is never alerted of their own job, and a job whose poster
 * deleted their account (applied later from its topic) alerts nobody and is not kept for alerts. In
 * three statements for any number of jobs: which posters deleted their account, the jobs kept for
 * alerts, and every job's alerts, each job matched by its own skills, words and time (a lateral join
 * per job).
 */
async function jobAlerts(
  tx: Tx,
  schema: string,
  events: readonly (DomainEvent & { type: 'JobPosted' })[],
): Promise<Change[]> {
  const deleted = await deletedAmong(
    tx,
    schema,
    events.map((e) => e.data.employerId),
  );
  const jobs = events
    .filter((e) => !deleted.has(e.data.employerId))
    .map((e) => {
      const d = e.data;
      const [skills, words] = jobAlertMatchArgs(d);
      return {
        job_id: d.jobId,
        employer_id: d.employerId,
        posted_at: d.postedAt,
        work_location: d.workLocation,
        skill_keys: skills,
        title_words: words,
      };
    });
  if (jobs.length === 0) return [];
  const recordset = `SELECT j.job_id, j.employer_id, j.posted_at, j.work_location,
        ARRAY(SELECT jsonb_array_elements_text(j.skill_keys)) AS skill_keys,
        ARRAY(SELECT jsonb_array_elements_text(j.title_words)) AS title_words
      FROM jsonb_to_recordset($1::jsonb) AS j(job_id text, employer_id text, posted_at timestamptz,
        work_location text, skill_keys jsonb, title_words jsonb)`;
  const json = JSON.stringify(jobs);
  await tx.query(
    `INSERT INTO ${schema}.alert_jobs (job_id, employer_id, posted_at, work_location, skill_keys, title_words)
     ${recordset}
     ON CONFLICT (job_id) DO NOTHING`,
    [json],
  );
  const { rows } = await tx.query<{ user_id: string; id: string }>(
    `WITH j AS (${recordset}),
     matched AS (
       SELECT j.job_id, j.employer_id, j.posted_at, j.work_location, m.user_id
         FROM j CROSS JOIN LATERAL (${jobAlertMatchSql(schema, 'j.skill_keys', 'j.title_words', 'j.posted_at')}) m)
     INSERT INTO ${schema}.notifications (id, user_id, kind, actor_id, job_id, created_at)
     SELECT ${uuidSql(`'job_alert:' || m.job_id`, 'm.user_id')}, m.user_id, 'job_alert', m.employer_id, m.job_id,
            m.posted_at
       FROM matched m
       LEFT JOIN LATERAL (
         SELECT job_alerts, preferred_location FROM ${schema}.alert_settings s
          WHERE s.user_id = m.user_id AND s.valid_from <= m.posted_at
          ORDER BY valid_from DESC, stream_version DESC LIMIT 1
       ) s ON true
      WHERE m.user_id <> m.employer_id AND coalesce(s.job_alerts, true)
        AND coalesce(s.preferred_location = m.work_location, true)
     ON CONFLICT (id) DO NOTHING
     RETURNING user_id, id::text`,
    [json],
  );
  return rows.map((r) => ({ userId: r.user_id, notificationId: r.id }));
}

/**
 * A rebuild's copy of `notification_likers` (ReplayMemory): each post's likers. Only this projector
 * writes that table, and every write to it here changes the copy as well, so a rebuild's batch of
 * tens of thousands of likes tells a pair that is a liker already without a probe of the table per
 * pair (most of the batch's read of its posts, accounts and pairs). Undefined live.
 */
type LikersKept = Map<string, Set<string>>;

const LIKERS_KEPT = 'notification_likers';

const likersKept = (ctx: ProjectionContext): LikersKept | undefined =>
  ctx.memory?.get<LikersKept>(LIKERS_KEPT, () => new Map());

/** The pairs a rebuild's memory holds as likers, `<post> <person>`, sorted: for tests comparing the table. */
export function likersKeptIn(memory: ReplayMemory): string[] | undefined {
  const kept = memory.get<LikersKept>(LIKERS_KEPT, () => new Map());
  return kept && [...kept].flatMap(([postId, users]) => [...users].map((u) => `${postId} ${u}`)).sort();
}

function keepLiker(kept: LikersKept | undefined, postId: string, userId: string, likes: boolean): void {
  if (!kept) return;
  let users = kept.get(postId);
  if (likes) {
    if (!users) {
      users = new Set();
      kept.set(postId, users);
    }
    users.add(userId);
  } else if (users?.delete(userId) && users.size === 0) kept.delete(postId);
}

/**
 * One like more on a post: the author's one notification for the post counts it, moves up and is
 * unread again. Nobody is told of their own like.
 */
async function liked(
  tx: Tx,
  schema: string,
  postId: string,
  userId: string,
  at: string,
  kept: LikersKept | undefined,
): Promise<Change[]> {
  const authorId = await authorOf(tx, schema, postId);
  if (authorId === null || authorId === userId) return [];
  if (await anyDeleted(tx, schema, authorId, userId)) return [];
  const added = await tx.query(
    `INSERT INTO ${schema}.notification_likers (post_id, user_id, liked_at) VALUES ($1, $2, $3)
     ON CONFLICT (post_id, user_id) DO NOTHING`,
    [postId, userId, at],
  );
  if ((added.rowCount ?? 0) === 0) return [];
  keepLiker(kept, postId, userId, true);
  const id = notificationId(`post_likes:${postId}`, authorId);
  await tx.query(
    `INSERT INTO ${schema}.notifications (id, user_id, kind, actor_id, actor_count, post_id, created_at)
     VALUES ($1, $2, 'post_likes', NULL, 1, $3, $4)
     ON CONFLICT (id) DO UPDATE SET actor_count = ${schema}.notifications.actor_count + 1,
       created_at = greatest(${schema}.notifications.created_at, EXCLUDED.created_at)`,
    [id, authorId, postId, at],
  );
  return [{ userId: authorId, notificationId: id }];
}

/**
 * SQL: a post's grouped like notification, after likers left, dated by the latest like still standing,
 * so it reads the same as if those likes had never been made (whichever of an unlike and an account
 * deletion came first).
 */
const likesLeftSql = (schema: string, postIds: string) =>
  `UPDATE ${schema}.notifications n SET actor_count = n.actor_count - gone.n,
     created_at = coalesce((SELECT max(l.liked_at) FROM ${schema}.notification_likers l WHERE l.post_id = n.post_id),
                           n.created_at)
     FROM (SELECT post_id, count(*)::int AS n FROM unnest(${postIds}::text[]) post_id GROUP BY post_id) gone
    WHERE n.kind = 'post_likes' AND n.post_id = gone.post_id
   RETURNING n.user_id`;

/** A like taken back takes that person out; a post nobody likes any more has no like notification. */
async function unliked(
  tx: Tx,
  schema: string,
  postId: string,
  userId: string,
  kept: LikersKept | undefined,
): Promise<Change[]> {
  const removed = await tx.query(
    `DELETE FROM ${schema}.notification_likers WHERE post_id = $1 AND user_id = $2`,
    [postId, userId],
  );
  if ((removed.rowCount ?? 0) === 0) return [];
  keepLiker(kept, postId, userId, false);
  const { rows } = await tx.query<{ user_id: string }>(likesLeftSql(schema, '$1'), [[postId]]);
  await tx.query(
    `DELETE FROM ${schema}.notifications WHERE kind = 'post_likes' AND post_id = $1 AND actor_count = 0`,
    [postId],
  );
  return rows.map((r) => ({ userId: r.user_id, notificationId: null }));
}

/**
 * A person's skills or roles from `at` on: the rows holding until then end there (an interval left
 * empty by two changes at one instant goes), and the new ones start.
 */
async function indexSkills(tx: Tx, schema: string, userId: string, names: readonly string[], at: string) {
  const keys = [...new Set(names.map(skillKey).filter((k) => k !== ''))];
  await tx.query(`UPDATE ${schema}.alert_skills SET valid_to = $2 WHERE user_id = $1 AND valid_to IS NULL`, [
    userId,
    at,
  ]);
  await tx.query(`DELETE FROM ${schema}.alert_skills WHERE user_id = $1 AND valid_to <= valid_from`, [
    userId,
  ]);
  if (keys.length === 0) return;
  await tx.query(
    `INSERT INTO ${schema}.alert_skills (skill_key, user_id, valid_from) SELECT unnest($2::text[]), $1, $3
     ON CONFLICT (skill_key, user_id, valid_from) DO UPDATE SET valid_to = NULL`,
    [userId, keys, at],
  );
}

async function indexRoles(tx: Tx, schema: string, userId: string, roles: readonly string[], at: string) {
  const rows = roleIndexRows(roles);
  await tx.query(`UPDATE ${schema}.alert_roles SET valid_to = $2 WHERE user_id = $1 AND valid_to IS NULL`, [
    userId,
    at,
  ]);
  await tx.query(`DELETE FROM ${schema}.alert_roles WHERE user_id = $1 AND valid_to <= valid_from`, [userId]);
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO ${schema}.alert_roles (word, user_id, role_key, words, valid_from)
     SELECT w, $1, r, n, $5 FROM unnest($2::text[], $3::text[], $4::int[]) AS x(w, r, n)
     ON CONFLICT (word, user_id, role_key, valid_from) DO UPDATE SET valid_to = NULL`,
    [userId, rows.map((r) => r.word), rows.map((r) => r.roleKey), rows.map((r) => r.words), at],
  );
}

/** Records the person's settings from this event of their stream on: the previous row with `changes`. */
async function recordSettings(
  tx: Tx,
  schema: string,
  event: DomainEvent,
  userId: string,
  changes: Partial<AlertSettings>,
): Promise<void> {
  const before = await settingsAsOf(tx, schema, userId, 'infinity');
  const next = { ...before, ...changes };
  await tx.query(
    `INSERT INTO ${schema}.alert_settings (user_id, stream_version, valid_from, connection_requests,
       application_updates, job_alerts, preferred_location)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (user_id, stream_version) DO NOTHING`,
    [
      userId,
      event.streamVersion,
      event.occurredAt,
      next.connection_requests,
      next.application_updates,
      next.job_alerts,
      next.preferred_location,
    ],
  );
}

/**
 * The person changed at `at`: whatever of theirs is dated from then on is judged again by what they are
 * now (their stream is applied in order, so "now" is what held from `at` until their next change, which
 * will judge again). Live, nothing is dated after the change being applied, and each statement finds
 * nothing through its index; when topics are read at different paces (a rebuild, a lagging partition),
 * this is what makes the outcome the same as in time order.
 */
async function judgeAgain(tx: Tx, schema: string, userId: string, at: string): Promise<Change[]> {
  const s = await settingsAsOf(tx, schema, userId, 'infinity');
  const toggled = await tx.query(
    `UPDATE ${schema}.notifications n SET hidden = ${hiddenSql('n', 'x')}
       FROM (SELECT $3::boolean AS connection_requests, $4::boolean AS application_updates) x
      WHERE n.user_id = $1 AND n.created_at >= $2
        AND n.kind IN ('connection_request', 'connection_accepted', 'new_application', 'application_status')
        AND n.hidden IS DISTINCT FROM (${hiddenSql('n', 'x')})`,
    [userId, at, s.connection_requests, s.application_updates],
  );
  const later = `SELECT job_id FROM ${schema}.alert_jobs WHERE posted_at >= $2`;
  const dropped = await tx.query(
    `DELETE FROM ${schema}.notifications WHERE user_id = $1 AND kind = 'job_alert' AND job_id IN (${later})`,
    [userId, at],
  );
  const made = await tx.query<{ id: string }>(
    `INSERT INTO ${schema}.notifications (id, user_id, kind, actor_id, job_id, created_at)
     SELECT ${uuidSql(`'job_alert:' || j.job_id`, '$1::text')}, $1, 'job_alert', j.employer_id, j.job_id, j.posted_at
       FROM ${schema}.alert_jobs j
      WHERE j.posted_at >= $2 AND j.employer_id <> $1 AND $3::boolean AND coalesce($4::text = j.work_location, true)
        AND (EXISTS (SELECT 1 FROM ${schema}.alert_skills k
                      WHERE k.user_id = $1 AND k.valid_to IS NULL AND k.skill_key = ANY(j.skill_keys))
          OR EXISTS (SELECT 1 FROM ${schema}.alert_roles r
                      WHERE r.user_id = $1 AND r.valid_to IS NULL AND r.word = ANY(j.title_words)
                      GROUP BY r.role_key, r.words HAVING count(*) = r.words))
     ON CONFLICT (id) DO NOTHING
     RETURNING id::text`,
    [userId, at, s.job_alerts, s.preferred_location],
  );
  const changed = (toggled.rowCount ?? 0) + (dropped.rowCount ?? 0) + made.rows.length > 0;
  return changed ? [{ userId, notificationId: made.rows.at(-1)?.id ?? null }] : [];
}

/** Takes a person out of every post's likers, as their unlike would, and away goes a like notification left with none. */
async function dropLikesOf(
  tx: Tx,
  schema: string,
  userId: string,
  kept: LikersKept | undefined,
): Promise<Change[]> {
  const { rows } = await tx.query<{ post_id: string }>(
    `DELETE FROM ${schema}.notification_likers WHERE user_id = $1 RETURNING post_id`,
    [userId],
  );
  for (const row of rows) keepLiker(kept, row.post_id, userId, false);
  if (rows.length === 0) return [];
  const postIds = rows.map((r) => r.post_id);
  const lowered = await tx.query<{ user_id: string }>(likesLeftSql(schema, '$1'), [postIds]);
  await tx.query(
    `DELETE FROM ${schema}.notifications WHERE kind = 'post_likes' AND post_id = ANY($1::text[]) AND actor_count <= 0`,
    [postIds],
  );
  return lowered.rows.map((r) => ({ userId: r.user_id, notificationId: null }));
}

/**
 * A deleted account: everything of the person's goes (their notifications, what they marked read,
 * their alert indexes and settings, their jobs' alert rows), and so does every notification of someone
 * else that names them as its actor (a request, an acceptance, a comment, an application, a status
 * change, a job alert of their job): shown, it would read "Deleted member" at best. Their likes leave
 * the grouped like notifications. Whoever lost a notification is named, so their bell is brought up
 * to date.
 */
async function eraseAccount(
  tx: Tx,
  schema: string,
  userId: string,
  kept: LikersKept | undefined,
): Promise<Change[]> {
  const changes = await dropLikesOf(tx, schema, userId, kept);
  const { rows } = await tx.query<{ user_id: string }>(
    `DELETE FROM ${schema}.notifications WHERE user_id = $1 OR actor_id = $1 RETURNING user_id`,
    [userId],
  );
  for (const table of [
    'notification_reads',
    'notification_read_marks',
    'alert_skills',
    'alert_roles',
    'alert_settings',
    // Last: the deletes above count the person's notifications down, or make their count unknown.
    'notification_unread_counts',
  ]) {
    await tx.query(`DELETE FROM ${schema}.${table} WHERE user_id = $1`, [userId]);
  }
  await tx.query(`DELETE FROM ${schema}.alert_jobs WHERE employer_id = $1`, [userId]);
  return [...changes, ...rows.map((r) => ({ userId: r.user_id, notificationId: null }))].filter(
    (c) => c.userId !== userId,
  );
}

/** Connection and application events: the request whose notification goes first, then the one made. */
type RequestOrApplication = Extract<
  DomainEvent,
  {
    type:
      | 'ConnectionRequested'
      | 'ConnectionAccepted'
      | 'ConnectionDeclined'
      | 'ConnectionWithdrawn'
      | 'ApplicationSubmitted'
      | 'ApplicationStatusChanged';
  }
>;

/**
 * What a connection's or an application's event does: the connection whose request notification it
 * takes away (a request that was withdrawn, declined or accepted, so the bell never points at a request
 * that is no longer there), then the notification it makes, if any. Applied one by one or in a batch
 * alike.
 */
function requestOrApplication(event: RequestOrApplication): {
  drop: string | null;
  made: NewNotification | null;
} {
  switch (event.type) {
    case 'ConnectionRequested': {
      const d = event.data;
      return {
        drop: null,
        made: {
          id: notificationId(`connection_request:${d.connectionId}`, d.recipientId),
          userId: d.recipientId,
          kind: 'connection_request',
          actorId: d.requesterId,
          connectionId: d.connectionId,
          createdAt: d.requestedAt,
        },
      };
    }
    case 'ConnectionAccepted': {
      const d = event.data;
      // No connection_id on this one: it is not a request, and dropping the request must leave it.
      return {
        drop: d.connectionId,
        made: {
          id: notificationId(`connection_accepted:${d.connectionId}`, d.requesterId),
          userId: d.requesterId,
          kind: 'connection_accepted',
          actorId: d.recipientId,
          createdAt: d.respondedAt,
        },
      };
    }
    case 'ConnectionDeclined':
    case 'ConnectionWithdrawn':
      return { drop: event.data.connectionId, made: null };
    case 'ApplicationSubmitted': {
      const d = event.data;
      if (d.applicantId === d.employerId) return { drop: null, made: null };
      return {
        drop: null,
        made: {
          id: notificationId(`new_application:${d.applicationId}`, d.employerId),
          userId: d.employerId,
          kind: 'new_application',
          actorId: d.applicantId,
          jobId: d.jobId,
          applicationId: d.applicationId,
          createdAt: d.appliedAt,
        },
      };
    }
    case 'ApplicationStatusChanged': {
      const d = event.data;
      // Each change of status is its own notification, named by the event that made it.
      return {
        drop: null,
        made: {
          id: notificationId(`application_status:${event.id}`, d.applicantId),
          userId: d.applicantId,
          kind: 'application_status',
          actorId: d.employerId,
          jobId: d.jobId,
          applicationId: d.applicationId,
          status: d.to,
          createdAt: d.changedAt,
        },
      };
    }
  }
}

const requestAndApplicationTypes: readonly DomainEvent['type'][] = [
  'ConnectionRequested',
  'ConnectionAccepted',
  'ConnectionDeclined',
  'ConnectionWithdrawn',
  'ApplicationSubmitted',
  'ApplicationStatusChanged',
];

/**
 * Connection and application events of a batch (in stream order) with the effect of `project` applied
 * to each in turn, in at most three statements: one read of the deleted accounts among everyone named
 * and of each recipient's toggles as of each notification's time; one delete of the request
 * notifications the batch takes away; one insert of the notifications it makes. A request notification
 * that a later event of the batch takes away again is not written at all (one by one, it would be
 * written and deleted); the delete goes before the insert, so a request made after a drop of its
 * connection stays, as it would.
 */
async function projectRequestsAndApplications(
  events: readonly RequestOrApplication[],
  tx: Tx,
  schema: string,
): Promise<Change[]> {
  const steps = events.map(requestOrApplication);
  /** Per connection, the index of the batch's last step that takes its request away. */
  const lastDrop = new Map<string, number>();
  steps.forEach((step, i) => {
    if (step.drop !== null) lastDrop.set(step.drop, i);
  });
  const candidates = steps.flatMap((step, i) => (step.made === null ? [] : [{ made: step.made, i }]));
  const people = [...new Set(candidates.flatMap(({ made }) => [made.userId, made.actorId]))];
  const { rows: found } = await tx.query<{
    i: number | null;
    deleted: string | null;
    connection_requests: boolean | null;
    application_updates: boolean | null;
  }>(
    `SELECT NULL::int AS i, user_id AS deleted, NULL::boolean AS connection_requests, NULL::boolean AS application_updates
       FROM ${schema}.deleted_accounts WHERE user_id = ANY($1::text[])
     UNION ALL
     SELECT x.i::int, NULL, s.connection_requests, s.application_updates
       FROM unnest($2::text[], $3::timestamptz[]) WITH ORDINALITY AS x(user_id, at, i)
       JOIN LATERAL (
         SELECT connection_requests, application_updates FROM ${schema}.alert_settings
          WHERE user_id = x.user_id AND valid_from <= x.at ORDER BY valid_from DESC, stream_version DESC LIMIT 1
       ) s ON true`,
    [people, candidates.map(({ made }) => made.userId), candidates.map(({ made }) => made.createdAt)],
  );
  const deleted = new Set<string>();
  /** Per candidate (from 1), its recipient's settings then; none found: the defaults (all on). */
  const settings = new Map<number, { connection_requests: boolean; application_updates: boolean }>();
  for (const row of found) {
    if (row.deleted !== null) deleted.add(row.deleted);
    else if (row.i !== null)
      settings.set(row.i, {
        connection_requests: row.connection_requests ?? true,
        application_updates: row.application_updates ?? true,
      });
  }
  const changes: Change[] = [];
  const drops = [...lastDrop.keys()];
  if (drops.length > 0) {
    const { rows } = await tx.query<{ user_id: string }>(
      `DELETE FROM ${schema}.notifications WHERE connection_id = ANY($1::text[]) AND kind = 'connection_request'
       RETURNING user_id`,
      [drops],
    );
    for (const r of rows) changes.push({ userId: r.user_id, notificationId: null });
  }
  const writes: (NewNotification & { hidden: boolean })[] = [];
  candidates.forEach(({ made, i }, at) => {
    // Nobody is told of, or by, a deleted account (an event of another topic applied after it).
    if (deleted.has(made.userId) || deleted.has(made.actorId)) return;
    if (made.connectionId !== undefined && (lastDrop.get(made.connectionId) ?? -1) > i) {
      // Made and taken away again within the batch: the bell is brought up to date, nothing is kept.
      changes.push({ userId: made.userId, notificationId: null });
      return;
    }
    const toggle = toggleOf[made.kind];
    const s = settings.get(at + 1);
    writes.push({ ...made, hidden: toggle !== undefined && s !== undefined && !s[toggle] });
  });
  if (writes.length > 0) {
    const { rows } = await tx.query<{ id: string; user_id: string; hidden: boolean }>(
      `INSERT INTO ${schema}.notifications (id, user_id, kind, actor_id, post_id, job_id, application_id,
         connection_id, status, excerpt, created_at, hidden)
       SELECT id, user_id, kind, actor_id, post_id, job_id, application_id, connection_id, status, excerpt,
              created_at, hidden
         FROM jsonb_to_recordset($1::jsonb)
           AS x(id uuid, user_id text, kind text, actor_id text, post_id text, job_id text, application_id text,
                connection_id text, status text, excerpt text, created_at timestamptz, hidden boolean)
       ON CONFLICT (id) DO NOTHING
       RETURNING id::text, user_id, hidden`,
      [
        JSON.stringify(
          writes.map((n) => ({
            id: n.id,
            user_id: n.userId,
            kind: n.kind,
            actor_id: n.actorId,
            post_id: n.postId ?? null,
            job_id: n.jobId ?? null,
            application_id: n.applicationId ?? null,
            connection_id: n.connectionId ?? null,
            status: n.status ?? null,
            excerpt: n.excerpt ?? null,
            created_at: n.createdAt,
            hidden: n.hidden,
          })),
        ),
      ],
    );
    for (const r of rows) if (!r.hidden) changes.push({ userId: r.user_id, notificationId: r.id });
  }
  return changes;
}

/** What an event does to the notification tables, and whose notifications it changed. */
async function project(
  event: DomainEvent,
  tx: Tx,
  schema: string,
  kept: LikersKept | undefined,
): Promise<Change[]> {
  switch (event.type) {
    case 'ConnectionRequested':
    case 'ConnectionAccepted':
    case 'ConnectionDeclined':
    case 'ConnectionWithdrawn':
    case 'ApplicationSubmitted':
    case 'ApplicationStatusChanged': {
      const { drop, made } = requestOrApplication(event);
      const dropped = drop === null ? [] : await dropRequest(tx, schema, drop);
      return [...dropped, ...(made === null ? [] : await insert(tx, schema, made))];
    }
    case 'CommentAdded': {
      const d = event.data;
      const authorId = await authorOf(tx, schema, d.postId);
      if (authorId === null || authorId === d.authorId) return [];
      return insert(tx, schema, commentNotification(d, authorId));
    }
    case 'PostLiked':
      return liked(tx, schema, event.data.postId, event.data.userId, event.data.likedAt, kept);
    case 'PostUnliked':
      return unliked(tx, schema, event.data.postId, event.data.userId, kept);
    case 'PostRemoved': {
      // Everything about the post: its author's like and comment notifications, and who liked it.
      const { postId } = event.data;
      await tx.query(`DELETE FROM ${schema}.notification_likers WHERE post_id = $1`, [postId]);
      kept?.delete(postId);
      const { rows } = await tx.query<{ user_id: string }>(
        `DELETE FROM ${schema}.notifications WHERE post_id = $1 RETURNING user_id`,
        [postId],
      );
      return rows.map((r) => ({ userId: r.user_id, notificationId: null }));
    }
    case 'CommentRemoved': {
      const d = event.data;
      // The post is still here (its own stream removes it after this), unless its author's account
      // was deleted first, which took their notifications already.
      const authorId = await authorOf(tx, schema, d.postId);
      if (authorId === null) return [];
      const { rows } = await tx.query<{ user_id: string }>(
        `DELETE FROM ${schema}.notifications WHERE id = $1 RETURNING user_id`,
        [notificationId(`post_comment:${d.commentId}`, authorId)],
      );
      return rows.map((r) => ({ userId: r.user_id, notificationId: null }));
    }
    case 'AccountDeleted':
      return eraseAccount(tx, schema, event.data.userId, kept);
    case 'JobPosted':
      return jobAlerts(tx, schema, [event]);
    case 'SkillsUpdated': {
      const { userId } = event.data;
      await indexSkills(
        tx,
        schema,
        userId,
        event.data.skills.map((s) => s.name),
        event.occurredAt,
      );
      return judgeAgain(tx, schema, userId, event.occurredAt);
    }
    case 'ProfileUpdated': {
      const { userId, jobPreferences } = event.data;
      await indexRoles(tx, schema, userId, jobPreferences.roles, event.occurredAt);
      await recordSettings(tx, schema, event, userId, {
        preferred_location: jobPreferences.preferredLocation,
      });
      return judgeAgain(tx, schema, userId, event.occurredAt);
    }
    case 'NotificationSettingsUpdated': {
      const { userId, settings } = event.data;
      await recordSettings(tx, schema, event, userId, {
        connection_requests: settings.connectionRequests,
        application_updates: settings.applicationUpdates,
        job_alerts: settings.jobAlerts,
      });
      return judgeAgain(tx, schema, userId, event.occurredAt);
    }
    case 'NotificationsRead': {
      const ids = event.data.notificationIds.filter((id) => UUID.test(id));
      if (ids.length === 0) return [];
      // Kept under the reader: it only ever matches the reader's own notifications, whether they are
      // projected already or arrive later; someone else's id, or none, changes nothing.
      await tx.query(
        `INSERT INTO ${schema}.notification_reads (user_id, notification_id, read_at)
         SELECT $1, unnest($2::uuid[]), $3
         ON CONFLICT (user_id, notification_id) DO UPDATE
           SET read_at = greatest(${schema}.notification_reads.read_at, EXCLUDED.read_at)`,
        [event.data.userId, ids, event.data.readAt],
      );
      return [{ userId: event.data.userId, notificationId: null }];
    }
    case 'AllNotificationsRead':
      await tx.query(
        `INSERT INTO ${schema}.notification_read_marks (user_id, up_to) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET up_to = greatest(${schema}.notification_read_marks.up_to, EXCLUDED.up_to)`,
        [event.data.userId, event.data.upTo],
      );
      return [{ userId: event.data.userId, notificationId: null }];
    default:
      return [];
  }
}

/** A liking pair of a batch: whether it was a like before the batch, is one now, and since when. */
interface LikingPair {
  postId: string;
  userId: string;
  was: boolean;
  now: boolean;
  /** When it came (back) in this batch; null if it did not, or left again. */
  at: string | null;
}

/**
 * Likes, unlikes and comments of a batch (in stream order) with the effect of `project` applied to each
 * in turn, in a few statements: one read of the posts' authors, the deleted accounts among everyone
 * named and which of the liking pairs are likers already; the likes and unlikes then play out in memory
 * pair by pair, and each post's grouped notification takes their net change at once. Its date is the
 * latest like made if nobody left, and else, as `likesLeftSql` would date it after the last unlike, the
 * latest like still standing (the likes after that unlike only add to it). Each grouped notification is
 * found by its id (derived from its post and author, see `notificationId`), through the primary key: a
 * batch's work grows with the batch, not with every post ever liked. In a rebuild that keeps the
 * likers (`kept`), which pairs are likers already is read there instead of probed.
 */
async function projectLikesAndComments(
  events: readonly DomainEvent[],
  tx: Tx,
  schema: string,
  kept: LikersKept | undefined,
): Promise<Change[]> {
  const postIds = new Set<string>();
  const actors = new Set<string>();
  /**
   * The batch's liking pairs, each once, in the order they first came; found by post, then person.
   * Two maps, not one keyed by the ids joined: a joined key is a new string to build and hash at every
   * lookup (four per like), where an id that came with an event keeps its hash once worked out
   * (profiled in a rebuild of 300,000 events, 85% likes: this function's own time 1.47 s before, 0.97
   * after).
   */
  const pairs: LikingPair[] = [];
  const likers = new Map<string, Map<string, LikingPair>>();
  const pairOf = (postId: string, userId: string) => likers.get(postId)?.get(userId);
  for (const event of events) {
    if (event.type === 'PostLiked' || event.type === 'PostUnliked') {
      const { postId, userId } = event.data;
      postIds.add(postId);
      actors.add(userId);
      let users = likers.get(postId);
      if (!users) {
        users = new Map();
        likers.set(postId, users);
      }
      if (!users.has(userId)) {
        // In a rebuild that keeps the likers, whether the pair is one already is read there.
        const was = kept?.get(postId)?.has(userId) ?? false;
        const pair = { postId, userId, was, now: was, at: null };
        users.set(userId, pair);
        pairs.push(pair);
      }
    } else if (event.type === 'CommentAdded') {
      postIds.add(event.data.postId);
      actors.add(event.data.authorId);
    } else {
      throw new Error(`notifications: ${event.type} is not taken in batches`);
    }
  }
  // Probed only where the likers are not kept.
  const probed = kept ? [] : pairs;
  // Every statement here finds a batch's rows through an index, one probe each (the posts and the liking
  // pairs in a subquery per key, which the planner cannot turn into a join): joined, or with `= ANY`
  // over a few thousand keys, the planner reads the whole of a table of every post or every like ever
  // made for each batch, so each batch would cost more than the last.
  const { rows: found } = await tx.query<{
    kind: 'author' | 'deleted' | 'liker';
    a: string;
    b: string | null;
  }>(
    `WITH a AS MATERIALIZED (
       SELECT x.id, (SELECT p.author_id FROM ${schema}.posts p WHERE p.id = x.id) AS author_id
         FROM unnest($1::text[]) AS x(id))
     SELECT 'author' AS kind, id AS a, author_id AS b FROM a WHERE author_id IS NOT NULL
     UNION ALL
     SELECT 'deleted', user_id, NULL FROM ${schema}.deleted_accounts
      WHERE user_id = ANY($2::text[]) OR user_id IN (SELECT author_id FROM a)
     UNION ALL
     SELECT 'liker', p.post_id, p.user_id FROM unnest($3::text[], $4::text[]) AS p(post_id, user_id)
      WHERE (SELECT true FROM ${schema}.notification_likers l WHERE l.post_id = p.post_id AND l.user_id = p.user_id)`,
    [[...postIds], [...actors], probed.map((p) => p.postId), probed.map((p) => p.userId)],
  );
  const authors = new Map<string, string>();
  const deleted = new Set<string>();
  for (const row of found) {
    if (row.kind === 'author' && row.b !== null) authors.set(row.a, row.b);
    else if (row.kind === 'deleted') deleted.add(row.a);
    else if (row.kind === 'liker' && row.b !== null) {
      const pair = pairOf(row.a, row.b);
      if (pair) pair.was = pair.now = true;
    }
  }
  /** Per post: likers in minus likers out, and whether anyone left (then the date is recomputed). */
  const posts = new Map<string, { delta: number; inserted: number; reset: boolean }>();
  const postOf = (postId: string) => {
    let p = posts.get(postId);
    if (!p) {
      p = { delta: 0, inserted: 0, reset: false };
      posts.set(postId, p);
    }
    return p;
  };
  const comments: NewNotification[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'PostLiked': {
        const { postId, userId, likedAt } = event.data;
        const authorId = authors.get(postId);
        if (authorId === undefined || authorId === userId) break;
        if (deleted.has(authorId) || deleted.has(userId)) break;
        const pair = pairOf(postId, userId);
        if (!pair || pair.now) break;
        pair.now = true;
        pair.at = likedAt;
        const p = postOf(postId);
        p.delta++;
        p.inserted++;
        break;
      }
      case 'PostUnliked': {
        const pair = pairOf(event.data.postId, event.data.userId);
        if (!pair?.now) break;
        pair.now = false;
        pair.at = null;
        const p = postOf(event.data.postId);
        p.delta--;
        p.reset = true;
        break;
      }
      case 'CommentAdded': {
        const d = event.data;
        const authorId = authors.get(d.postId);
        if (authorId === undefined || authorId === d.authorId) break;
        if (deleted.has(authorId) || deleted.has(d.authorId)) break;
        comments.push(commentNotification(d, authorId));
        break;
      }
    }
  }
  const changes: Change[] = [];
  // A pair changed if it left, or came (back) with a new time; one that came and left again did not.
  const changed = pairs.filter((p) => (p.was && !p.now) || (p.now && p.at !== null));
  const groups = [...posts].filter(([, p]) => p.delta !== 0 || p.reset);
  // Per post, the latest time among its pairs now liked anew (compared as instants, as Postgres would;
  // each time read once).
  const latest = new Map<string, { at: string; ms: number }>();
  for (const p of changed) {
    if (!p.now || p.at === null) continue;
    const ms = Date.parse(p.at);
    const before = latest.get(p.postId);
    if (before === undefined || ms > before.ms) latest.set(p.postId, { at: p.at, ms });
  }
  if (changed.length > 0) {
    // The pairs that left go and those that came (back) are written, each through the primary key (a
    // join on the batch's pairs, one probe per pair, never a read of a post's every liker): a pair that
    // was a liker before the batch is moved to its new time, any other inserted. A rebuild that keeps
    // the likers inserts those without asking whether they are there (the upsert's probe of the key
    // before each insert: 570 against 830 ms for 27,000 new pairs); a copy that got one wrong would
    // fail the transaction, and the rebuild would go on without it.
    await tx.query(
      `WITH p AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::boolean[], $5::boolean[])
           AS p(post_id, user_id, liked_at, present, was)),
       gone AS (
         DELETE FROM ${schema}.notification_likers l USING p
          WHERE NOT p.present AND l.post_id = p.post_id AND l.user_id = p.user_id),
       moved AS (
         UPDATE ${schema}.notification_likers l SET liked_at = p.liked_at FROM p
          WHERE p.present AND p.was AND l.post_id = p.post_id AND l.user_id = p.user_id)
       INSERT INTO ${schema}.notification_likers (post_id, user_id, liked_at)
       SELECT post_id, user_id, liked_at FROM p WHERE p.present AND NOT p.was
       ${kept ? '' : 'ON CONFLICT (post_id, user_id) DO UPDATE SET liked_at = EXCLUDED.liked_at'}`,
      [
        changed.map((p) => p.postId),
        changed.map((p) => p.userId),
        changed.map((p) => (p.now ? p.at : null)),
        changed.map((p) => p.now),
        changed.map((p) => p.was),
      ],
    );
    for (const p of changed) keepLiker(kept, p.postId, p.userId, p.now);
  }
  if (groups.length > 0) {
    // After the likers were written: a post someone left is dated by its latest like standing now (the
    // kept ones and those that came), one probe of the latest-likers index; any other by the later of
    // its date and the batch's latest like. Each post's notification is found by its id through the
    // primary key, and one is made where none was updated (the update's own ids, never a read of the
    // table's every notification).
    const { rows } = await tx.query<{ id: string; user_id: string; post_id: string; actor_count: number }>(
      `WITH d AS (
         SELECT d.post_id, d.author_id, d.delta, d.reset, d.id,
                CASE WHEN d.reset
                  THEN (SELECT l.liked_at FROM ${schema}.notification_likers l
                         WHERE l.post_id = d.post_id ORDER BY l.liked_at DESC LIMIT 1)
                  ELSE d.came_at END AS at
           FROM unnest($1::text[], $2::text[], $3::int[], $4::boolean[], $5::timestamptz[], $6::uuid[])
             AS d(post_id, author_id, delta, reset, came_at, id)),
       u AS (
         UPDATE ${schema}.notifications n SET actor_count = n.actor_count + d.delta,
           created_at = CASE WHEN d.reset THEN coalesce(d.at, n.created_at)
                             ELSE greatest(n.created_at, d.at) END
           FROM d
          WHERE n.id = ANY($6::uuid[]) AND n.id = d.id AND n.kind = 'post_likes'
         RETURNING n.id, n.user_id, n.post_id, n.actor_count),
       i AS (
         INSERT INTO ${schema}.notifications (id, user_id, kind, actor_id, actor_count, post_id, created_at)
         SELECT d.id, d.author_id, 'post_likes', NULL, d.delta, d.post_id, d.at
           FROM d
          WHERE d.delta > 0 AND d.author_id IS NOT NULL AND d.id NOT IN (SELECT u.id FROM u)
         ON CONFLICT (id) DO NOTHING
         RETURNING id, user_id, post_id, actor_count)
       SELECT id::text, user_id, post_id, actor_count FROM u
       UNION ALL
       SELECT id::text, user_id, post_id, actor_count FROM i`,
      [
        groups.map(([postId]) => postId),
        groups.map(([postId]) => authors.get(postId) ?? null),
        groups.map(([, p]) => p.delta),
        groups.map(([, p]) => p.reset),
        groups.map(([postId]) => latest.get(postId)?.at ?? null),
        groups.map(([postId]) => {
          const authorId = authors.get(postId);
          return authorId === undefined ? null : notificationId(`post_likes:${postId}`, authorId);
        }),
      ],
    );
    const emptied = rows.filter((r) => r.actor_count === 0 && posts.get(r.post_id)?.reset).map((r) => r.id);
    if (emptied.length > 0) {
      await tx.query(`DELETE FROM ${schema}.notifications WHERE id = ANY($1::uuid[]) AND actor_count = 0`, [
        emptied,
      ]);
    }
    for (const r of rows) {
      const inserted = (posts.get(r.post_id)?.inserted ?? 0) > 0;
      changes.push({ userId: r.user_id, notificationId: inserted ? r.id : null });
    }
  }
  if (comments.length > 0) {
    const { rows } = await tx.query<{ id: string; user_id: string }>(
      `INSERT INTO ${schema}.notifications (id, user_id, kind, actor_id, post_id, excerpt, created_at, hidden)
       SELECT id, user_id, 'post_comment', actor_id, post_id, excerpt, created_at, false
         FROM jsonb_to_recordset($1::jsonb)
           AS x(id uuid, user_id text, actor_id text, post_id text, excerpt text, created_at timestamptz)
       ON CONFLICT (id) DO NOTHING
       RETURNING id::text, user_id`,
      [
        JSON.stringify(
          comments.map((c) => ({
            id: c.id,
            user_id: c.userId,
            actor_id: c.actorId,
            post_id: c.postId,
            excerpt: c.excerpt,
            created_at: c.createdAt,
          })),
        ),
      ],
    );
    for (const r of rows) changes.push({ userId: r.user_id, notificationId: r.id });
  }
  return changes;
}

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
         SELECT notification_settings FROM ${s}.users WHERE id = x.id OFFSET 0
       ) u
       LEFT JOIN LATERAL (
         SELECT unread, known FROM ${s}.notification_unread_counts WHERE user_id = x.id OFFSET 0
       ) c ON true
      WHERE coalesce((u.notification_settings ->> 'pushNotifications')::boolean, true)`,
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
 * each notification's time.
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
    'PostRemoved',
    'CommentRemoved',
    'JobPosted',
    'SkillsUpdated',
    'ProfileUpdated',
    'NotificationSettingsUpdated',
    'NotificationsRead',
    'AllNotificationsRead',
    'AccountDeleted',
  ],
  async apply(event, ctx) {
    changesOf(ctx).push(...(await project(event, ctx.tx, ctx.schema, likersKept(ctx))));
  },
  batched: ['PostLiked', 'PostUnliked', 'CommentAdded', 'JobPosted', ...requestAndApplicationTypes],
  // It reads the posts' authors and the deleted accounts, which only a later event takes away (a post
  // removed, an account deleted), and each such event takes this projector's rows about them too.
  replaysBehind: true,
  async applyBatch(events, ctx) {
    // A run is of one stream type: a post's events, or a connection's, or an application's, or a job's.
    const jobs = events.filter((e): e is DomainEvent & { type: 'JobPosted' } => e.type === 'JobPosted');
    if (jobs.length > 0) {
      if (jobs.length !== events.length)
        throw new Error('notifications: a batch mixes jobs with other streams');
      changesOf(ctx).push(...(await jobAlerts(ctx.tx, ctx.schema, jobs)));
      return;
    }
    const requests = events.filter((e): e is RequestOrApplication =>
      requestAndApplicationTypes.includes(e.type),
    );
    if (requests.length === events.length) {
      changesOf(ctx).push(...(await projectRequestsAndApplications(requests, ctx.tx, ctx.schema)));
    } else if (requests.length === 0) {
      changesOf(ctx).push(...(await projectLikesAndComments(events, ctx.tx, ctx.schema, likersKept(ctx))));
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
         ${schema}.alert_jobs, ${schema}.notification_unread_counts`,
    );
  },
};

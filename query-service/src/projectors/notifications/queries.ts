import { NOTIFICATION_ACTORS_SHOWN } from '@careers/contracts/constants';
import type { ApplicationStatus } from '@careers/contracts/entities/enums';
import type {
  Notification,
  NotificationKind,
  NotificationTarget,
} from '@careers/contracts/entities/notification';
import { defaultJobAlertEmails, type JobAlertEmails, type MailPreferences } from '@careers/contracts/mail';
import type { Pool } from '@careers/service-kit';
import { profilePictureOf } from '../file-urls.ts';

/** SQL: whether notification `n` was marked read on its own at or after its time. */
const readOnItsOwnSql = (s: string, n: string) =>
  `EXISTS (SELECT 1 FROM ${s}.notification_reads r
            WHERE r.user_id = ${n}.user_id AND r.notification_id = ${n}.id AND r.read_at >= ${n}.created_at)`;

/** SQL: the time of the user `userSql`'s last "all read", or null. */
const allReadUpToSql = (s: string, userSql: string) =>
  `(SELECT m.up_to FROM ${s}.notification_read_marks m WHERE m.user_id = ${userSql})`;

/**
 * SQL: whether notification `n` is read: marked at or after its time (a grouped like notification that
 * moved up since is unread again), or made at or before its person's "all read".
 */
export const isReadSql = (s: string, n: string) =>
  `(${readOnItsOwnSql(s, n)} OR coalesce(${allReadUpToSql(s, `${n}.user_id`)} >= ${n}.created_at, false))`;

/**
 * SQL: how many shown, unread notifications the user `userSql` has (the bell's number): `isReadSql`
 * turned around, with the person's "all read" looked up once rather than once per notification, and
 * as the lower end of their notifications by date (`notifications_user_newest`), so what "Mark all
 * read" covered is not read at all. A batch with a job alert counts the bells of everyone it
 * matched (hundreds of people), in the batch's transaction.
 */
export const unreadCountSql = (s: string, userSql: string) => `(
  SELECT count(*)::int FROM ${s}.notifications n
   WHERE n.user_id = ${userSql} AND NOT n.hidden
     AND n.created_at > coalesce(${allReadUpToSql(s, userSql)}, '-infinity')
     AND NOT ${readOnItsOwnSql(s, 'n')})`;

interface ActorJson {
  id: string;
  first_name: string;
  last_name: string;
  picture_id: string | null;
}

interface NotificationRow {
  id: string;
  // Only values the projector wrote reach these columns.
  kind: NotificationKind;
  actor_count: number;
  post_id: string | null;
  conversation_id: string | null;
  job_id: string | null;
  application_id: string | null;
  status: ApplicationStatus | null;
  excerpt: string | null;
  read: boolean;
  /** ISO text from json_agg. */
  created_at: string;
  job_title: string | null;
  company: string | null;
  actors: ActorJson[];
}

function targetOf(r: NotificationRow): NotificationTarget {
  switch (r.kind) {
    case 'connection_request':
      return { type: 'connections', tab: 'pending' };
    case 'connection_accepted':
      return { type: 'connections', tab: 'connections' };
    case 'new_application':
      return { type: 'job_applicants', jobId: r.job_id ?? '' };
    case 'application_status':
      return { type: 'application', applicationId: r.application_id ?? '', jobId: r.job_id ?? '' };
    case 'post_comment':
    case 'post_likes':
      return { type: 'post', postId: r.post_id ?? '' };
    case 'job_alert':
      return { type: 'job', jobId: r.job_id ?? '' };
    case 'new_message':
      return { type: 'conversation', conversationId: r.conversation_id ?? '' };
  }
}

const toNotification = (r: NotificationRow): Notification => ({
  _id: r.id,
  kind: r.kind,
  actors: r.actors.map((a) => ({
    _id: a.id,
    firstName: a.first_name,
    lastName: a.last_name,
    profilePicture: profilePictureOf(a.picture_id),
  })),
  actorCount: r.actor_count,
  target: targetOf(r),
  jobTitle: r.job_title,
  company: r.company,
  status: r.status,
  excerpt: r.excerpt,
  read: r.read,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * SQL: a CTE `shown`, the notifications of the CTE `page` as the panel shows them (read or not, the job's
 * title and company, the latest `actorsSql` likers named), for the list and the mail.
 */
const shownSql = (s: string, actorsSql: string) => `shown AS (
         SELECT n.id, n.kind, n.actor_count, n.post_id, n.conversation_id, n.job_id, n.application_id, n.status, n.excerpt,
                ${isReadSql(s, 'n')} AS read,
                n.created_at, j.title AS job_title, nullif(j.company_name, '') AS company,
                coalesce(people.actors, '[]'::json) AS actors
           FROM page n
           LEFT JOIN ${s}.notification_jobs j ON j.job_id = n.job_id
           LEFT JOIN LATERAL (
             SELECT json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name,
                                               'picture_id', u.picture_id) ORDER BY a.rank) AS actors
               FROM (
                 SELECT n.actor_id AS user_id, 0::bigint AS rank WHERE n.actor_id IS NOT NULL
                 UNION ALL
                 SELECT l.user_id, row_number() OVER (ORDER BY l.liked_at DESC, l.user_id)
                   FROM (SELECT user_id, liked_at FROM ${s}.notification_likers
                          WHERE n.kind = 'post_likes' AND post_id = n.post_id
                          ORDER BY liked_at DESC, user_id LIMIT ${actorsSql}) l
               ) a JOIN ${s}.notification_people u ON u.id = a.user_id
           ) people ON true
       )`;

/**
 * The only reader of the notification tables. People are joined from this model's cards of them when
 * read (a new name or picture shows at once); a job's title and company are kept here from its JobPosted.
 */
export class NotificationQueries {
  private readonly pool: Pool;
  private readonly s: string;

  constructor(pool: Pool, schema: string) {
    this.pool = pool;
    this.s = schema;
  }

  /** One page of the reader's notifications, newest first, with the total and the unread count: one round trip. */
  async list(
    userId: string,
    page: number,
    limit: number,
  ): Promise<{ data: Notification[]; total: number; unreadCount: number }> {
    const s = this.s;
    const { rows } = await this.pool.query<{ total: number; unread: number; page: NotificationRow[] }>(
      `WITH page AS (
         SELECT * FROM ${s}.notifications WHERE user_id = $1 AND NOT hidden
          ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3
       ),
       ${shownSql(s, '$4')}
       SELECT (SELECT count(*)::int FROM ${s}.notifications WHERE user_id = $1 AND NOT hidden) AS total,
              ${unreadCountSql(s, '$1')} AS unread,
              (SELECT coalesce(json_agg(shown ORDER BY created_at DESC, id DESC), '[]'::json) FROM shown) AS page`,
      [userId, limit, (page - 1) * limit, NOTIFICATION_ACTORS_SHOWN],
    );
    const row = rows[0];
    return {
      data: (row?.page ?? []).map(toNotification),
      total: row?.total ?? 0,
      unreadCount: row?.unread ?? 0,
    };
  }

  /**
   * The person's notifications of `ids` that exist and are shown, as the panel shows them (oldest
   * first), in `tx` when given: what a mail tells (query-service/src/mail/).
   */
  async byIds(
    userId: string,
    ids: readonly string[],
    tx: Pick<Pool, 'query'> = this.pool,
  ): Promise<Notification[]> {
    const s = this.s;
    const { rows } = await tx.query<{ page: NotificationRow[] }>(
      `WITH page AS (
         SELECT * FROM ${s}.notifications WHERE user_id = $1 AND id = ANY($2::uuid[]) AND NOT hidden
       ),
       ${shownSql(s, '$3')}
       SELECT (SELECT coalesce(json_agg(shown ORDER BY created_at, id), '[]'::json) FROM shown) AS page`,
      [userId, ids, NOTIFICATION_ACTORS_SHOWN],
    );
    return (rows[0]?.page ?? []).map(toNotification);
  }

  /** How the person wants job alerts mailed (the default until they chose, or while their card is on its way). */
  async mailPreferences(userId: string): Promise<MailPreferences> {
    const { rows } = await this.pool.query<{ job_alert_emails: JobAlertEmails }>(
      `SELECT job_alert_emails FROM ${this.s}.notification_people WHERE id = $1`,
      [userId],
    );
    return { jobAlertEmails: rows[0]?.job_alert_emails ?? defaultJobAlertEmails };
  }

  /** The bell's number. */
  async unreadCount(userId: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(`SELECT ${unreadCountSql(this.s, '$1')} AS n`, [
      userId,
    ]);
    return rows[0]?.n ?? 0;
  }
}

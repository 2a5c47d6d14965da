import type { DomainEvent } from '@careers/contracts/events/catalogue';
import type { EventOfType } from '@careers/contracts/events/event-table';
import { deletedAmong } from '../erasure.ts';
import { roleIndexRows, skillKey, wordsOf } from './matching.ts';
import { type Change, hiddenSql, type Tx, uuidSql } from './shared.ts';

/**
 * Job alerts: what each person's alerts match on (skills, roles, place, settings), the people a new
 * job fits, and the alerts judged again when what they match on changes.
 */
export interface AlertSettings {
  connection_requests: boolean;
  application_updates: boolean;
  job_alerts: boolean;
  preferred_location: string | null;
}

/** A person's toggles and preferred work location as they stood at `at`; before any change, the defaults. */
export async function settingsAsOf(
  tx: Tx,
  schema: string,
  userId: string,
  at: string,
): Promise<AlertSettings> {
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
export async function jobAlerts(
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
 * A person's skills or roles from `at` on: the rows holding until then end there (an interval left
 * empty by two changes at one instant goes), and the new ones start.
 */
export async function indexSkills(
  tx: Tx,
  schema: string,
  userId: string,
  names: readonly string[],
  at: string,
) {
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

export async function indexRoles(
  tx: Tx,
  schema: string,
  userId: string,
  roles: readonly string[],
  at: string,
) {
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
export async function recordSettings(
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
export async function judgeAgain(tx: Tx, schema: string, userId: string, at: string): Promise<Change[]> {
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

/** New skills: what the person's job alerts match on, and the alerts judged again. */
export async function skillsChanged(
  event: EventOfType<'SkillsUpdated'>,
  tx: Tx,
  schema: string,
): Promise<Change[]> {
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

/** New job preferences: the roles and place the person's job alerts match on, and the alerts judged again. */
export async function profileChanged(
  event: EventOfType<'ProfileUpdated'>,
  tx: Tx,
  schema: string,
): Promise<Change[]> {
  const { userId, jobPreferences } = event.data;
  await indexRoles(tx, schema, userId, jobPreferences.roles, event.occurredAt);
  await recordSettings(tx, schema, event, userId, {
    preferred_location: jobPreferences.preferredLocation,
  });
  return judgeAgain(tx, schema, userId, event.occurredAt);
}

/** Which kinds of notification the person wants, from now on; the alerts judged again. */
export async function settingsChanged(
  event: EventOfType<'NotificationSettingsUpdated'>,
  tx: Tx,
  schema: string,
): Promise<Change[]> {
  const { userId, settings } = event.data;
  await recordSettings(tx, schema, event, userId, {
    connection_requests: settings.connectionRequests,
    application_updates: settings.applicationUpdates,
    job_alerts: settings.jobAlerts,
  });
  return judgeAgain(tx, schema, userId, event.occurredAt);
}

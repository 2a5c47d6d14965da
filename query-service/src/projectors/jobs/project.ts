import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { type EventOfType, eventsDecided } from '@careers/contracts/events/event-table';
import { peopleCards, personCardEvents, userEventsBesidesCards } from '../people-cards.ts';
import { defineProjector, type ProjectionContext, unhandled } from '../projector.ts';
import { applyJobApplications } from './applications.ts';
import { postingRow } from './job-rows.ts';
import { indexJobs, jobsIndex } from './search-index.ts';

/**
 * People as the jobs model shows and ranks for them (people-cards.ts): a job's poster by their card,
 * and a reader of recommended jobs (recommend.ts) by their skills, location and job preferences.
 */
const people = peopleCards('job_people', ['skills', 'location', 'job_preferences']);

/**
 * Jobs as the list, the detail and the poster's "My Posted Jobs" show them. A job is written by its
 * JobPosted (a redelivery meets ON CONFLICT DO NOTHING); its poster's edits replace its posting (and
 * move it between the kept counts), and closing sets absolute values.
 *
 * The ids of a job's applications are kept here too, from the application events (applications.ts),
 * keyed by the application and never waiting for the job, so a job shows them right whichever topic
 * delivers first and however often; the applicant's AccountDeleted takes theirs away. The posters'
 * names are kept from their user events (`people`) and joined when read, so a job shows its poster
 * whichever topic came first; the same cards hold what recommended jobs are ranked on.
 */
export const jobsProjector = defineProjector({
  name: 'jobs',
  handles: eventsDecided(['job', 'application', 'user'], {
    handles: [
      'JobPosted',
      'JobEdited',
      'JobClosed',
      'ApplicationSubmitted',
      'ApplicationStatusChanged',
      'ApplicationWithdrawn',
      ...personCardEvents,
      'SkillsUpdated',
      'AccountDeleted',
    ],
    ignores: userEventsBesidesCards.filter((type) => type !== 'SkillsUpdated'),
  }),
  // One event is a run of one: a single path writes the job, its edits, its close and its search
  // document, and one the job's applications.
  async apply(event, ctx) {
    switch (event.type) {
      // Written once, as a batch of one (applyBatch).
      case 'JobPosted':
      case 'JobEdited':
      case 'JobClosed':
        return applyJobs([event], ctx);
      case 'ApplicationSubmitted':
      case 'ApplicationStatusChanged':
      case 'ApplicationWithdrawn':
        return applyJobApplications([event], ctx);
      case 'UserRegistered':
      case 'ProfileUpdated':
      case 'ProfilePictureUploaded':
      case 'ProfilePictureRemoved':
      case 'SkillsUpdated':
        return people.apply([event], ctx);
      case 'AccountDeleted':
        await ctx.tx.query(`DELETE FROM ${ctx.schema}.job_applications WHERE applicant_id = $1`, [
          event.data.userId,
        ]);
        return people.apply([event], ctx);
      default:
        return unhandled(event);
    }
  },

  batched: [
    'JobPosted',
    'JobEdited',
    'JobClosed',
    'ApplicationSubmitted',
    'ApplicationStatusChanged',
    'ApplicationWithdrawn',
    'UserRegistered',
    'ProfileUpdated',
    'SkillsUpdated',
  ],
  /**
   * A run of the jobs topic in up to three statements (applyJobs): every job posted and its count in
   * one, read from one JSON array (a redelivery meets the job's ON CONFLICT and returns nothing, so it
   * counts nothing), then every job's last edit, then every close, and one write of their search
   * documents. A run is of one stream type: a run of the applications topic goes to
   * applyJobApplications, one of people's events to their cards.
   */
  async applyBatch(events, ctx) {
    const stream = events[0]?.streamType;
    if (stream === 'application') await applyJobApplications(events, ctx);
    else if (stream === 'user') await people.apply(events, ctx);
    else await applyJobs(events, ctx);
  },
  async reset({ tx, schema, search }) {
    await tx.query(`TRUNCATE ${schema}.jobs, ${schema}.job_counts, ${schema}.job_applications`);
    await jobsIndex(search, schema).remove();
    await people.reset({ tx, schema });
  },
});

/**
 * The postings of a statement's JSON array `$n` (postingRow in job-rows.ts, one object per job, with
 * `extra` columns besides), with their skills and requirements as arrays: what JobPosted and JobEdited
 * write a job from.
 */
function postingsSql(param: string, extra: string): string {
  return `SELECT x.*, ARRAY(SELECT jsonb_array_elements_text(x.skill_list)) AS skill_array,
                  ARRAY(SELECT jsonb_array_elements_text(x.requirements)) AS requirement_array
             FROM jsonb_to_recordset(${param}::jsonb) AS x(id text, employer_id text, title text, description text,
               requirements jsonb, job_type text, work_location text, experience_level text, category text,
               skills jsonb, location jsonb, salary jsonb, pay integer, company jsonb, benefits jsonb,
               application_deadline date, skill_list jsonb, city text, state text, country text,
               company_name text, ${extra})`;
}

/** The filter columns a job's row derives from its posting `x` (postingsSql): its skills and its place. */
const skillNamesSql = `(SELECT coalesce(array_agg(DISTINCT lower(name)), '{}') FROM unnest(x.skill_array) name)`;
const locationTextSql = `lower(concat_ws(E'\\n', x.city, x.state, x.country))`;
/**
 * A run of a job stream's events (or one alone) in up to three statements: every job posted with its
 * count; then every job's last edit in the run; then every close; then the search documents of the
 * jobs posted and edited (search-index.ts), before the batch commits. A job's
 * JobPosted comes first in its stream, and neither an edit nor a close is made of what the other
 * leaves (a close sets the status and when; an edit every field of the posting and when), so the posts
 * first, the edits next and the closes last leave what one event at a time does.
 */
async function applyJobs(events: readonly DomainEvent[], ctx: ProjectionContext): Promise<void> {
  const { tx, schema } = ctx;
  const posted: object[] = [];
  const edits: EventOfType<'JobEdited'>[] = [];
  const closed: { id: string; closed_at: string }[] = [];
  for (const event of events) {
    if (event.type === 'JobPosted') {
      posted.push({ ...postingRow(event.data), posted_at: event.data.postedAt });
    } else if (event.type === 'JobEdited') {
      edits.push(event);
    } else if (event.type === 'JobClosed') {
      closed.push({ id: event.data.jobId, closed_at: event.data.closedAt });
    }
  }
  if (posted.length > 0) {
    await tx.query(
      `WITH x AS (${postingsSql('$1', 'posted_at timestamptz')}),
         job AS (
           INSERT INTO ${schema}.jobs (id, employer_id, title, description, requirements, job_type, work_location,
             experience_level, category, skills, location, salary, pay, company, benefits, application_deadline,
             posted_at, skill_names, location_text)
           SELECT id, employer_id, title, description, requirements, job_type, work_location, experience_level,
             category, skills, location, salary, pay, company, benefits, application_deadline, posted_at,
             ${skillNamesSql}, ${locationTextSql}
             FROM x
           ON CONFLICT (id) DO NOTHING
           RETURNING id, posted_at, job_type, work_location, experience_level, skill_names, location_text, pay
         ),
         counted AS (
           INSERT INTO ${schema}.job_counts AS c (job_type, work_location, experience_level, jobs)
           SELECT job_type, work_location, experience_level, count(*) FROM job GROUP BY 1, 2, 3
           ON CONFLICT (job_type, work_location, experience_level) DO UPDATE SET jobs = c.jobs + EXCLUDED.jobs
         )
         SELECT count(*) FROM job`,
      [JSON.stringify(posted)],
    );
  }
  if (edits.length > 0) await applyEdits(edits, ctx);
  // Their documents in the search engine as the statements above left the jobs (a close changes none).
  await indexJobs(ctx, [
    ...posted.map((job) => (job as { id: string }).id),
    ...edits.map((e) => e.data.jobId),
  ]);
  if (closed.length > 0) {
    await tx.query(
      `UPDATE ${schema}.jobs j SET status = 'closed', closed_at = c.closed_at
           FROM jsonb_to_recordset($1::jsonb) AS c(id text, closed_at timestamptz)
          WHERE j.id = c.id`,
      [JSON.stringify(closed)],
    );
  }
}

/**
 * Edits, in stream order, in one statement: each job's last edit replaces its posting on its row
 * (every column JobPosted writes from it, but the poster and when it was posted) and sets when it was
 * edited; the counts kept per choice move from the job's values before the statement to its new ones
 * (a job that keeps them moves nothing, so an edit applied twice counts once). The job's status is not
 * looked at: the write side edits open jobs only, and an edit of a closed one that came anyway is
 * applied as any other.
 *
 * The old values are read in the statement's snapshot, before its update, so a job posted earlier in
 * the run (by an earlier statement) is moved from what its JobPosted counted. A count that comes to
 * zero is deleted rather than kept at zero, so the kept counts are always the jobs' own grouped (as the
 * migrations that made them counted them), however the edits were batched. An edit of a job that is not
 * here (never the case: its JobPosted comes first in its stream) changes nothing.
 */
async function applyEdits(
  edits: readonly EventOfType<'JobEdited'>[],
  { tx, schema }: ProjectionContext,
): Promise<void> {
  // Each job's last edit in the run, by its place in it.
  const lastAt = new Map<string, number>();
  for (const [i, edit] of edits.entries()) lastAt.set(edit.data.jobId, i);
  const rows = edits.map((edit, i) => ({
    ...postingRow(edit.data),
    edited_at: edit.data.editedAt,
    is_last: lastAt.get(edit.data.jobId) === i,
  }));
  await tx.query(
    `WITH every_edit AS (${postingsSql('$1', 'edited_at timestamptz, is_last boolean')}),
       x AS (SELECT * FROM every_edit WHERE is_last),
       old AS (SELECT j.id, j.location_text, j.job_type, j.work_location, j.experience_level
                 FROM ${schema}.jobs j JOIN x ON x.id = j.id),
       job AS (
         UPDATE ${schema}.jobs j
            SET title = x.title, description = x.description, requirements = x.requirements,
                job_type = x.job_type, work_location = x.work_location, experience_level = x.experience_level,
                category = x.category, skills = x.skills, location = x.location, salary = x.salary, pay = x.pay,
                company = x.company, benefits = x.benefits, application_deadline = x.application_deadline,
                skill_names = ${skillNamesSql}, location_text = ${locationTextSql}, edited_at = x.edited_at
           FROM x
          WHERE j.id = x.id
         RETURNING j.id, j.location_text, j.job_type, j.work_location, j.experience_level, j.skill_names, j.pay
       ),
       moves AS (
         SELECT location_text, job_type, work_location, experience_level, -1 AS n FROM old
         UNION ALL
         SELECT location_text, job_type, work_location, experience_level, 1 FROM job
       ),
       by_choice AS (
         SELECT m.job_type, m.work_location, m.experience_level, sum(m.n)::int AS n, min(c.jobs) AS jobs
           FROM moves m
           LEFT JOIN ${schema}.job_counts c
             ON (c.job_type, c.work_location, c.experience_level) = (m.job_type, m.work_location, m.experience_level)
          GROUP BY 1, 2, 3 HAVING sum(m.n) <> 0
       ),
       uncounted AS (
         DELETE FROM ${schema}.job_counts c USING by_choice m
          WHERE (c.job_type, c.work_location, c.experience_level) = (m.job_type, m.work_location, m.experience_level)
            AND c.jobs + m.n = 0
       ),
       counted AS (
         INSERT INTO ${schema}.job_counts AS c (job_type, work_location, experience_level, jobs)
         SELECT job_type, work_location, experience_level, n FROM by_choice WHERE coalesce(jobs, 0) + n <> 0
         ON CONFLICT (job_type, work_location, experience_level) DO UPDATE SET jobs = c.jobs + EXCLUDED.jobs
       )
       SELECT count(*) FROM job`,
    [JSON.stringify(rows)],
  );
}

import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { eventsDecided } from '@careers/contracts/events/event-table';
import { peopleCards, personCardEvents, userEventsBesidesCards } from '../people-cards.ts';
import { defineProjector, type ProjectionContext, unhandled } from '../projector.ts';
import { applyJobApplications } from './applications.ts';
import { payOf } from './job-rows.ts';

/**
 * People as the jobs model shows and ranks for them (people-cards.ts): a job's poster by their card,
 * and a reader of recommended jobs (recommend.ts) by their skills, location and job preferences.
 */
const people = peopleCards('job_people', ['skills', 'location', 'job_preferences']);

/**
 * Jobs as the list, the detail and the poster's "My Posted Jobs" show them. A job is written once, by
 * its JobPosted (a redelivery meets ON CONFLICT DO NOTHING), and closing sets absolute values.
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
  // One event is a run of one: a single path writes the job, its search row and its close, and one the
  // job's applications.
  async apply(event, ctx) {
    switch (event.type) {
      // Written once, as a batch of one (applyBatch).
      case 'JobPosted':
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
    'JobClosed',
    'ApplicationSubmitted',
    'ApplicationStatusChanged',
    'ApplicationWithdrawn',
    'UserRegistered',
    'ProfileUpdated',
    'SkillsUpdated',
  ],
  /**
   * A run of the jobs topic in two statements: every job posted and its search row in one, read from
   * one JSON array (a redelivery meets the job's ON CONFLICT and returns nothing, so it writes
   * neither), then every close. A job's close comes after its post in its stream, and closing sets
   * absolute values, so all the posts before all the closes leave what one event at a time does. A run
   * is of one stream type: a run of the applications topic goes to applyJobApplications, one of
   * people's events to their cards.
   */
  async applyBatch(events, ctx) {
    const stream = events[0]?.streamType;
    if (stream === 'application') await applyJobApplications(events, ctx);
    else if (stream === 'user') await people.apply(events, ctx);
    else await applyJobs(events, ctx);
  },
  async reset({ tx, schema }) {
    await tx.query(
      `TRUNCATE ${schema}.jobs, ${schema}.job_search, ${schema}.job_words, ${schema}.job_counts,
         ${schema}.job_place_counts, ${schema}.job_applications`,
    );
    await people.reset({ tx, schema });
  },
});

async function applyJobs(events: readonly DomainEvent[], { tx, schema }: ProjectionContext): Promise<void> {
  const posted: object[] = [];
  const closed: { id: string; closed_at: string }[] = [];
  for (const event of events) {
    if (event.type === 'JobPosted') {
      const d = event.data;
      posted.push({
        id: d.jobId,
        employer_id: d.employerId,
        title: d.title,
        description: d.description,
        requirements: d.requirements,
        job_type: d.jobType,
        work_location: d.workLocation,
        experience_level: d.experienceLevel,
        category: d.category,
        skills: d.skills,
        location: d.location,
        salary: d.salary,
        pay: payOf(d.salary),
        company: d.company,
        benefits: d.benefits,
        application_deadline: d.applicationDeadline,
        posted_at: d.postedAt,
        skill_list: d.skills.map((skill) => skill.name),
        city: d.location.city,
        state: d.location.state,
        country: d.location.country,
        company_name: d.company.name,
      });
    } else if (event.type === 'JobClosed') {
      closed.push({ id: event.data.jobId, closed_at: event.data.closedAt });
    }
  }
  if (posted.length > 0) {
    await tx.query(
      `WITH x AS (
           SELECT x.*, ARRAY(SELECT jsonb_array_elements_text(x.skill_list)) AS skill_array,
                  ARRAY(SELECT jsonb_array_elements_text(x.requirements)) AS requirement_array
             FROM jsonb_to_recordset($1::jsonb) AS x(id text, employer_id text, title text, description text,
               requirements jsonb, job_type text, work_location text, experience_level text, category text,
               skills jsonb, location jsonb, salary jsonb, pay integer, company jsonb, benefits jsonb,
               application_deadline date, posted_at timestamptz, skill_list jsonb, city text, state text,
               country text, company_name text)),
         job AS (
           INSERT INTO ${schema}.jobs (id, employer_id, title, description, requirements, job_type, work_location,
             experience_level, category, skills, location, salary, pay, company, benefits, application_deadline,
             posted_at, skill_names, location_text)
           SELECT id, employer_id, title, description, requirements, job_type, work_location, experience_level,
             category, skills, location, salary, pay, company, benefits, application_deadline, posted_at,
             (SELECT coalesce(array_agg(DISTINCT lower(name)), '{}') FROM unnest(x.skill_array) name),
             lower(concat_ws(E'\\n', city, state, country))
             FROM x
           ON CONFLICT (id) DO NOTHING
           RETURNING id, posted_at, job_type, work_location, experience_level, skill_names, location_text, pay
         ),
         counted AS (
           INSERT INTO ${schema}.job_counts AS c (job_type, work_location, experience_level, jobs)
           SELECT job_type, work_location, experience_level, count(*) FROM job GROUP BY 1, 2, 3
           ON CONFLICT (job_type, work_location, experience_level) DO UPDATE SET jobs = c.jobs + EXCLUDED.jobs
         ),
         placed AS (
           INSERT INTO ${schema}.job_place_counts AS c (location_text, job_type, work_location, experience_level, jobs)
           SELECT location_text, job_type, work_location, experience_level, count(*) FROM job GROUP BY 1, 2, 3, 4
           ON CONFLICT (location_text, job_type, work_location, experience_level)
             DO UPDATE SET jobs = c.jobs + EXCLUDED.jobs
         ),
         words AS (
           INSERT INTO ${schema}.job_words (word, stem)
           SELECT word, stem
             FROM (SELECT DISTINCT word
                     FROM job JOIN x ON x.id = job.id,
                          unnest(tsvector_to_array(to_tsvector('simple',
                            concat_ws(' ', x.title, array_to_string(x.skill_array, ' '), x.company_name)))) word) words,
                  LATERAL (SELECT (ts_lexize('english_stem', word))[1] AS stem) stemmed
            WHERE stem IS NOT NULL
           ON CONFLICT (word) DO NOTHING
         )
         INSERT INTO ${schema}.job_search (id, posted_at, job_type, work_location, experience_level, skill_names,
           location_text, pay, title_document, search_document)
         SELECT DISTINCT ON (job.id) job.id, job.posted_at, job.job_type, job.work_location, job.experience_level,
           job.skill_names, job.location_text, job.pay,
           to_tsvector('english', x.title),
           setweight(to_tsvector('english', x.title), 'A')
             || setweight(to_tsvector('english', concat_ws(' ', array_to_string(x.skill_array, ' '), x.company_name)), 'B')
             || setweight(to_tsvector('english', concat_ws(' ', x.description, array_to_string(x.requirement_array, ' '))), 'C')
           FROM job JOIN x ON x.id = job.id`,
      [JSON.stringify(posted)],
    );
  }
  if (closed.length > 0) {
    await tx.query(
      `UPDATE ${schema}.jobs j SET status = 'closed', closed_at = c.closed_at
           FROM jsonb_to_recordset($1::jsonb) AS c(id text, closed_at timestamptz)
          WHERE j.id = c.id`,
      [JSON.stringify(closed)],
    );
  }
}

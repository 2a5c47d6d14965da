import type { Projector } from '../projector.ts';

const json = (value: unknown) => JSON.stringify(value);

/**
 * Jobs as the list, the detail and the poster's "My Posted Jobs" show them. A job is written once, by
 * its JobPosted (a redelivery meets ON CONFLICT DO NOTHING), and closing sets absolute values. What
 * applications a job has is never stored here: the queries count the applications rows, so a count is
 * right whichever topic delivers first and however often.
 */
export const jobsProjector: Projector = {
  name: 'jobs',
  handles: ['JobPosted', 'JobClosed'],
  async apply(event, { tx, schema }) {
    switch (event.type) {
      case 'JobPosted': {
        const d = event.data;
        const skillNames = d.skills.map((skill) => skill.name);
        // The job and its search row in one statement; a redelivery meets the job's ON CONFLICT and
        // returns nothing, so it writes neither.
        await tx.query(
          `WITH job AS (
             INSERT INTO ${schema}.jobs (id, employer_id, title, description, requirements, job_type, work_location,
               experience_level, category, skills, location, salary, company, benefits, application_deadline,
               posted_at, skill_names, location_text)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
               (SELECT coalesce(array_agg(DISTINCT lower(name)), '{}') FROM unnest($17::text[]) name),
               lower(concat_ws(E'\\n', $18::text, $19::text, $20::text)))
             ON CONFLICT (id) DO NOTHING
             RETURNING id, posted_at, job_type, work_location, experience_level, skill_names, location_text
           )
           INSERT INTO ${schema}.job_search (id, posted_at, job_type, work_location, experience_level, skill_names,
             location_text, title_document, search_document)
           SELECT id, posted_at, job_type, work_location, experience_level, skill_names, location_text,
             to_tsvector('english', $3::text),
             setweight(to_tsvector('english', $3::text), 'A')
               || setweight(to_tsvector('english', concat_ws(' ', array_to_string($17::text[], ' '), $21::text)), 'B')
               || setweight(to_tsvector('english', concat_ws(' ', $4::text, array_to_string($22::text[], ' '))), 'C')
             FROM job`,
          [
            d.jobId,
            d.employerId,
            d.title,
            d.description,
            json(d.requirements),
            d.jobType,
            d.workLocation,
            d.experienceLevel,
            d.category,
            json(d.skills),
            json(d.location),
            json(d.salary),
            json(d.company),
            json(d.benefits),
            d.applicationDeadline,
            d.postedAt,
            skillNames,
            d.location.city,
            d.location.state,
            d.location.country,
            d.company.name,
            d.requirements,
          ],
        );
        return;
      }
      case 'JobClosed':
        await tx.query(`UPDATE ${schema}.jobs SET status = 'closed', closed_at = $2 WHERE id = $1`, [
          event.data.jobId,
          event.data.closedAt,
        ]);
        return;
    }
  },
  async reset({ tx, schema }) {
    await tx.query(`TRUNCATE ${schema}.jobs, ${schema}.job_search`);
  },
};

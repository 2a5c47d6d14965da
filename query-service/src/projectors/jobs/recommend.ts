/**
 * The jobs recommended to a reader (the dashboard's Recommended Jobs), over every open job the jobs
 * model holds rather than the newest few: those that share at least one skill name with the reader,
 * compared without regard to case or the spaces around a name (the spec's rule), ranked by
 *   1. how many skills they share;
 *   2. how well they fit the reader's job preferences and place, one point each: the work location
 *      they prefer, their city, a salary that reaches their expected minimum (in their currency), and
 *      a title holding one of the roles they want;
 *   3. newest first.
 * A job the reader posted, has applied to, or can no longer apply to (closed, or its deadline day over
 * everywhere on Earth, as the command-service decides) is left out. What is kept of the reader is the
 * jobs model's own card of them (job_people: skills, location, job preferences), so a reader the model
 * has not seen yet, or whose account is gone, gets none.
 *
 * The candidates are found through the jobs' skill-name index (jobs_skill_names) and ranked whole, so
 * the cost grows with the number of open jobs sharing one of the reader's skills.
 *
 * `columns` is what the query returns of each job (`j` the job, `u` its poster's card), `$1` the reader
 * and `$2` how many.
 */
export function recommendedJobsSql(schema: string, columns: string): string {
  return `WITH me AS (
      SELECT p.id,
             ARRAY(SELECT DISTINCT lower(btrim(s ->> 'name')) FROM jsonb_array_elements(p.skills) s
                    WHERE btrim(s ->> 'name') <> '') AS skills,
             lower(btrim(p.location ->> 'city')) AS city,
             p.job_preferences ->> 'preferredLocation' AS work_location,
             (p.job_preferences -> 'salaryExpectation' ->> 'min')::numeric AS salary_min,
             p.job_preferences -> 'salaryExpectation' ->> 'currency' AS currency,
             ARRAY(SELECT lower(btrim(r)) FROM jsonb_array_elements_text(p.job_preferences -> 'roles') r
                    WHERE btrim(r) <> '') AS roles
        FROM ${schema}.job_people p
       WHERE p.id = $1),
    ranked AS (
      SELECT j.id, j.posted_at,
             cardinality(ARRAY(SELECT unnest(j.skill_names) INTERSECT SELECT unnest(me.skills))) AS shared,
             (j.work_location = me.work_location)::int
               + (me.city <> '' AND lower(btrim(j.location ->> 'city')) = me.city)::int
               + coalesce(me.salary_min IS NOT NULL AND j.salary ->> 'currency' = me.currency
                   AND coalesce((j.salary ->> 'max')::numeric, (j.salary ->> 'min')::numeric) >= me.salary_min, false)::int
               + EXISTS (SELECT 1 FROM unnest(me.roles) r WHERE strpos(lower(j.title), r) > 0)::int AS fit
        FROM me JOIN ${schema}.jobs j ON j.skill_names && me.skills
       WHERE j.status = 'open'
         AND j.employer_id <> me.id
         AND (j.application_deadline IS NULL
              OR j.application_deadline >= (now() AT TIME ZONE 'Etc/GMT+12')::date)
         AND NOT EXISTS (SELECT 1 FROM ${schema}.job_applications a
                          WHERE a.job_id = j.id AND a.applicant_id = me.id)
       ORDER BY shared DESC, fit DESC, j.posted_at DESC, j.id DESC
       LIMIT $2)
    SELECT ${columns}
      FROM ranked r
      JOIN ${schema}.jobs j ON j.id = r.id
      LEFT JOIN ${schema}.job_people u ON u.id = j.employer_id
     ORDER BY r.shared DESC, r.fit DESC, r.posted_at DESC, r.id DESC`;
}

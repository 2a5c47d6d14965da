-- The words of the jobs' titles, skills and company names as written (lower case, no stop words),
-- each with its stem as the search documents hold it, for the last word of a search while it is typed
-- (jobs/search.ts). Its stem as a prefix missed most words half typed: a partial word's stem is often
-- no prefix of the whole word's ("marketi" stems to itself, "Marketing" to "market"; "analy" to
-- "anali", "Analyst" to "analyst"; "coordina", "managem", "securi" and "operat" found nothing
-- either). The words that start with what was typed give the stems to look for as well.
--
-- Written by the jobs projector with the jobs, never deleted (a word whose jobs are gone finds
-- nothing). Its primary key finds a prefix's words: with collation C (the database's), LIKE 'abc%'
-- reads a range of it.
CREATE TABLE {{schema}}.job_words (
  word text PRIMARY KEY,
  stem text NOT NULL
);

INSERT INTO {{schema}}.job_words (word, stem)
SELECT word, stem
  FROM (SELECT DISTINCT word
          FROM {{schema}}.jobs j,
               unnest(tsvector_to_array(to_tsvector('simple', concat_ws(' ', j.title,
                 array_to_string(ARRAY(SELECT skill->>'name' FROM jsonb_array_elements(j.skills) skill), ' '),
                 j.company->>'name')))) word) words,
       LATERAL (SELECT (ts_lexize('english_stem', word))[1] AS stem) stemmed
 WHERE stem IS NOT NULL;

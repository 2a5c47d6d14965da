-- Companies (GET /api/companies/:slug and the company part of GET /api/search) are the jobs' company
-- fields: no event names a company, so the jobs model derives them from its own rows. A company is
-- every job posted under one slug of its name: lower case, every run of characters other than letters
-- and digits one hyphen, none at either end ("Acme Corp." is acme-corp), as contracts' companySlug
-- makes it. Both columns are generated, so the projector writes the jobs as before and a rebuild
-- makes them anew.
CREATE FUNCTION {{schema}}.company_slug(name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT
  RETURN trim(BOTH '-' FROM regexp_replace(lower(name), '[^[:alnum:]]+', '-', 'g'));

ALTER TABLE {{schema}}.jobs
  ADD COLUMN company_slug text GENERATED ALWAYS AS ({{schema}}.company_slug(company ->> 'name')) STORED,
  -- The words of the name, each found by a prefix as one types.
  ADD COLUMN company_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', company ->> 'name')) STORED;

-- A company's jobs, newest first (its page, and its newest job's details).
CREATE INDEX jobs_company ON {{schema}}.jobs (company_slug, posted_at DESC, id DESC);
CREATE INDEX jobs_company_words ON {{schema}}.jobs USING gin (company_words);

-- The people directory (query-service/src/projectors/people/): everyone with an account, as people
-- search finds and shows them. Its cards (people-cards.ts) with the bio, place and skills, kept from the
-- user events; a deleted account's row goes at its AccountDeleted. `search_document` is made of them:
-- names weigh most, then the job title and the skills, then the place.
CREATE TABLE {{schema}}.people_directory (
  id         text  PRIMARY KEY,
  first_name text  NOT NULL,
  last_name  text  NOT NULL,
  job_title  text  NOT NULL DEFAULT '',
  picture_id text,
  email      text  NOT NULL DEFAULT '',
  phone      text  NOT NULL DEFAULT '',
  bio        text  NOT NULL DEFAULT '',
  location   jsonb NOT NULL DEFAULT '{"city": "", "state": "", "country": ""}',
  skills     jsonb NOT NULL DEFAULT '[]',
  search_document tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', first_name || ' ' || last_name), 'A')
    || setweight(to_tsvector('simple', job_title), 'B')
    || setweight(to_tsvector('simple', jsonb_path_query_array(skills, '$[*].name')::text), 'B')
    || setweight(to_tsvector('simple', coalesce(location ->> 'city', '') || ' '
         || coalesce(location ->> 'state', '') || ' ' || coalesce(location ->> 'country', '')), 'C')
  ) STORED
);
CREATE INDEX people_directory_search ON {{schema}}.people_directory USING gin (search_document);

-- What existed before this migration gets the rows the projector would have written, once.
INSERT INTO {{schema}}.people_directory (id, first_name, last_name, job_title, picture_id, email, phone, bio,
  location, skills)
SELECT id, first_name, last_name, job_title, picture_id, email, phone, bio, location, skills FROM {{schema}}.users;

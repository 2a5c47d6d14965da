-- Each read model that shows people keeps its own cards of them (query-service/src/projectors/
-- people-cards.ts): id, names, job title and picture id, as the users model keeps them, plus whatever
-- else of a person that model shows. Until now they joined the users model's table when read; now each
-- joins its own, kept from the user events by its projector.
--
-- post_people: authors of posts and comments. job_people: posters of jobs. application_people:
-- applicants. connection_people: the other person of a relationship, with the bio, city and address
-- the connections screen shows. notification_people: the actors of notifications, and whether the
-- person wants pushes. suggestion_cards: the people suggested, with their bio and skills
-- (suggestion_people is what suggestions are ranked on).
CREATE TABLE {{schema}}.post_people (
  id         text PRIMARY KEY,
  first_name text NOT NULL,
  last_name  text NOT NULL,
  job_title  text NOT NULL DEFAULT '',
  picture_id text
);

CREATE TABLE {{schema}}.job_people (
  id         text PRIMARY KEY,
  first_name text NOT NULL,
  last_name  text NOT NULL,
  job_title  text NOT NULL DEFAULT '',
  picture_id text
);

CREATE TABLE {{schema}}.application_people (
  id         text PRIMARY KEY,
  first_name text NOT NULL,
  last_name  text NOT NULL,
  job_title  text NOT NULL DEFAULT '',
  picture_id text
);

CREATE TABLE {{schema}}.connection_people (
  id         text  PRIMARY KEY,
  first_name text  NOT NULL,
  last_name  text  NOT NULL,
  job_title  text  NOT NULL DEFAULT '',
  picture_id text,
  email      text  NOT NULL,
  bio        text  NOT NULL DEFAULT '',
  location   jsonb NOT NULL DEFAULT '{"city": "", "state": "", "country": ""}'
);

CREATE TABLE {{schema}}.notification_people (
  id                 text    PRIMARY KEY,
  first_name         text    NOT NULL,
  last_name          text    NOT NULL,
  job_title          text    NOT NULL DEFAULT '',
  picture_id         text,
  push_notifications boolean NOT NULL DEFAULT true
);

CREATE TABLE {{schema}}.suggestion_cards (
  id         text  PRIMARY KEY,
  first_name text  NOT NULL,
  last_name  text  NOT NULL,
  job_title  text  NOT NULL DEFAULT '',
  picture_id text,
  bio        text  NOT NULL DEFAULT '',
  skills     jsonb NOT NULL DEFAULT '[]'
);

-- What existed before this migration gets the same rows the projectors would have written, once.
INSERT INTO {{schema}}.post_people (id, first_name, last_name, job_title, picture_id)
SELECT id, first_name, last_name, job_title, picture_id FROM {{schema}}.users;
INSERT INTO {{schema}}.job_people (id, first_name, last_name, job_title, picture_id)
SELECT id, first_name, last_name, job_title, picture_id FROM {{schema}}.users;
INSERT INTO {{schema}}.application_people (id, first_name, last_name, job_title, picture_id)
SELECT id, first_name, last_name, job_title, picture_id FROM {{schema}}.users;
INSERT INTO {{schema}}.connection_people (id, first_name, last_name, job_title, picture_id, email, bio, location)
SELECT id, first_name, last_name, job_title, picture_id, email, bio, location FROM {{schema}}.users;
INSERT INTO {{schema}}.notification_people (id, first_name, last_name, job_title, picture_id, push_notifications)
SELECT id, first_name, last_name, job_title, picture_id,
       coalesce((notification_settings ->> 'pushNotifications')::boolean, true)
  FROM {{schema}}.users;
INSERT INTO {{schema}}.suggestion_cards (id, first_name, last_name, job_title, picture_id, bio, skills)
SELECT id, first_name, last_name, job_title, picture_id, bio, skills FROM {{schema}}.users;

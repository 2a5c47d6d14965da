CREATE TABLE {{schema}}.users (
  id              text PRIMARY KEY,
  first_name      text NOT NULL,
  last_name       text NOT NULL,
  email           text NOT NULL,
  account_type    text NOT NULL,
  job_title       text,
  profile_picture jsonb,
  registered_at   timestamptz NOT NULL
);

CREATE TABLE {{schema}}.posts (
  id             text PRIMARY KEY,
  author_id      text NOT NULL,
  content        text NOT NULL,
  type           text NOT NULL,
  category       text NOT NULL,
  visibility     text NOT NULL,
  tags           text[] NOT NULL DEFAULT '{}',
  likes_count    integer NOT NULL DEFAULT 0,
  comments_count integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL
);
CREATE INDEX posts_created_at ON {{schema}}.posts (created_at DESC, id DESC);
CREATE INDEX posts_author ON {{schema}}.posts (author_id, created_at DESC);

CREATE TABLE {{schema}}.post_comments (
  id         text PRIMARY KEY,
  post_id    text NOT NULL,
  author_id  text NOT NULL,
  content    text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX post_comments_post ON {{schema}}.post_comments (post_id, created_at);

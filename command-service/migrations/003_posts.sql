-- The post aggregate's write-side state: what likes and comments need to be decided and counted.
CREATE TABLE {{schema}}.posts (
  id             uuid    PRIMARY KEY,
  author_id      uuid    NOT NULL,
  visibility     text    NOT NULL,
  likes_count    integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
  comments_count integer NOT NULL DEFAULT 0 CHECK (comments_count >= 0),
  -- The post stream's version this row reflects; the next event is version + 1.
  version        integer NOT NULL
);

-- Who likes what: a like exists once per person and post, whatever the timing of the clicks.
CREATE TABLE {{schema}}.post_likes (
  post_id  uuid NOT NULL REFERENCES {{schema}}.posts (id),
  user_id  uuid NOT NULL,
  PRIMARY KEY (post_id, user_id)
);

-- Pictures in posts (PostCreated version 4), tags replaced by an edit (PostEdited version 2), and tags
-- a person follows (TagFollowed, TagUnfollowed). No event with pictures or a follow existed before this
-- migration, so the new tables start empty and the pictures start as none.

-- The posts model: each post's pictures in the author's order, as its PostCreated has them (imageId,
-- alt, width, height; the URLs are made when read). The file route finds the post holding a picture
-- through the GIN index (`images @> '[{"imageId": ...}]'`); the column never changes after the insert,
-- so a count's update stays a HOT update (migration 015).
ALTER TABLE {{schema}}.posts ADD COLUMN images jsonb NOT NULL DEFAULT '[]';
CREATE INDEX posts_images ON {{schema}}.posts USING gin (images jsonb_path_ops);

-- Tags compare by `tagKey` (contracts/src/tags.ts: NFKC, then lower case), no longer by lower case
-- alone: the column of lower-cased tags becomes the column of keys, worked out again here the way the
-- projector does (the database's ctype is UTF-8, so lower() folds what toLowerCase() folds; a rebuild
-- writes them from the events in any case). Its GIN index serves the feed's `tags` filter, a tag's
-- posts count and the Following feed's filtered reads.
ALTER TABLE {{schema}}.posts RENAME COLUMN tags_lower TO tag_keys;
ALTER INDEX {{schema}}.posts_tags_lower RENAME TO posts_tag_keys;
UPDATE {{schema}}.posts p
   SET tag_keys = (SELECT coalesce(array_agg(k ORDER BY first), '{}')
                     FROM (SELECT lower(normalize(t, NFKC)) AS k, min(n) AS first
                             FROM unnest(p.tags) WITH ORDINALITY AS x(t, n) GROUP BY 1) keys)
 WHERE tags <> '{}';

-- The tag-follows model (query-service/src/projectors/tag-follows/): the tags each person follows, as
-- they spelled the tag when they followed it, keyed by its tagKey. A person's list is read through the
-- key's first column (at most MAX_FOLLOWED_TAGS rows, ordered in memory); a tag's followers are
-- counted through the second index.
CREATE TABLE {{schema}}.tag_follows (
  user_id     text        NOT NULL,
  tag_key     text        NOT NULL,
  tag         text        NOT NULL,
  followed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, tag_key)
);
CREATE INDEX tag_follows_tag ON {{schema}}.tag_follows (tag_key);

-- The timelines model's own copy of who follows which tag since when (as tag_follows, without the
-- spelling): a public post carrying a followed tag, made since the follow, goes into the follower's
-- home timeline. Its followers are found through the second index, the follow time in it.
CREATE TABLE {{schema}}.timeline_tag_follows (
  user_id     text        NOT NULL,
  tag_key     text        NOT NULL,
  followed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, tag_key)
);
CREATE INDEX timeline_tag_follows_tag ON {{schema}}.timeline_tag_follows (tag_key, followed_at, user_id);

-- The timelines model's posts now keep whether they are open to everyone and their tags' keys as they
-- were published (an edit does not move a post in or out of timelines): what a follow, an unfollow, a
-- removed connection and a removed post bring into or take out of a follower's timeline. Copied once
-- from the posts model's rows, as migration 024 copied the posts.
ALTER TABLE {{schema}}.timeline_posts ADD COLUMN public boolean NOT NULL DEFAULT false;
ALTER TABLE {{schema}}.timeline_posts ADD COLUMN tag_keys text[] NOT NULL DEFAULT '{}';
UPDATE {{schema}}.timeline_posts t SET public = p.visibility = 'public', tag_keys = p.tag_keys
  FROM {{schema}}.posts p WHERE p.id = t.id;
CREATE INDEX timeline_posts_tag_keys ON {{schema}}.timeline_posts USING gin (tag_keys);

-- Tags parsed from a post's text, and pictures in posts (beyond the spec).
--
-- given_tags: the tags the author gave apart from the text (CreatePostRequest.tags). An edit changes
-- the text only, so the post's tags after it are these and the #words of the new text (`tagsOf`): the
-- write side keeps them to decide PostEdited.tags. They are not sealed here as the events seal them:
-- this schema is the write side's own, never exported or published, and an account's deletion
-- removes its posts' rows.
--
-- image_ids: the pictures the post holds (PostCreated.images), in order. The uploads sweeper keeps the
-- objects of every id named here, and a post's removal removes its objects after the commit.
ALTER TABLE {{schema}}.posts
  ADD COLUMN given_tags text[] NOT NULL DEFAULT '{}',
  ADD COLUMN image_ids  uuid[] NOT NULL DEFAULT '{}';
-- The sweeper asks which of a batch of ids some post holds (`image_ids && $1`).
CREATE INDEX posts_image_ids ON {{schema}}.posts USING gin (image_ids);

-- Pictures uploaded for a post to come (POST /posts/images) and not yet in one: a staging table, like
-- idempotency_keys, and no event. An upload is not a fact of the product until a post names it: the
-- post's PostCreated records the picture (id, alt text, size), and its row here is consumed in that
-- command's transaction (DELETE ... RETURNING, so a picture goes into one post only). A row older than
-- an hour is deleted by the uploads sweeper with its objects; an account's deletion removes its rows.
--
-- The owner names an existing person: an upload whose account was deleted while it was on its way
-- cannot be staged (the key check waits for the deletion, which holds the user row, and then fails), and
-- one staged first is seen, and removed, by the deletion.
CREATE TABLE {{schema}}.post_image_uploads (
  image_id    uuid        PRIMARY KEY,
  owner_id    uuid        NOT NULL CONSTRAINT post_image_uploads_owner REFERENCES {{schema}}.users (id),
  -- The large rendition's size, which PostCreated.images carries.
  width       integer     NOT NULL CHECK (width > 0),
  height      integer     NOT NULL CHECK (height > 0),
  -- Both renditions together, as stored.
  bytes       integer     NOT NULL CHECK (bytes >= 0),
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX post_image_uploads_owner ON {{schema}}.post_image_uploads (owner_id);
CREATE INDEX post_image_uploads_uploaded ON {{schema}}.post_image_uploads (uploaded_at);

-- Followed tags (beyond the spec): the tags each person follows, as their TagFollowed and TagUnfollowed
-- events leave them. What following needs to be decided: whether the person follows the tag already
-- (compared by `tagKey`: case and Unicode width do not matter) and how many they follow
-- (MAX_FOLLOWED_TAGS). Written by the follow and unfollow commands with their events, each holding the
-- person's user row (FOR UPDATE), so one person's follows are decided one after another and the count
-- is right; an account's deletion removes the person's rows.
CREATE TABLE {{schema}}.followed_tags (
  user_id     uuid        NOT NULL REFERENCES {{schema}}.users (id),
  -- tagKey(tag): what tells two spellings of one tag apart (or not).
  tag_key     text        NOT NULL,
  -- The spelling the person followed it by.
  tag         text        NOT NULL,
  followed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, tag_key)
);

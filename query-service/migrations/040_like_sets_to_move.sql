-- Whether the like sets a deployment kept in Redis before migration 039 are still to be moved into
-- `post_likers` (posts/like-sets.ts). The projector moves them as it starts while this row is here,
-- and deletes it once they are moved: looking for them scans every key in Redis, which every start
-- of the projector would otherwise pay again.
CREATE TABLE {{schema}}.like_sets_to_move (pending boolean PRIMARY KEY);
INSERT INTO {{schema}}.like_sets_to_move VALUES (true);

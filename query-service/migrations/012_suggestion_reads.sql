-- A person's mutual-count rows in ranking order: a read of people you may know walks the reader's best
-- candidates from the top of this index and stops after the list and its ties, instead of reading
-- every friend-of-friend row (hundreds per person, scattered over as many pages). The projector keeps
-- it as it keeps the counts, with the same bounded work per connection made or removed.
CREATE INDEX connection_mutuals_ranked ON {{schema}}.connection_mutuals (user_id, mutuals DESC, candidate_id);

-- The connection aggregate's write-side state: one relationship per pair of people, whatever the order
-- in which they asked. The post rule reads it (a connections-only post is open to the author's accepted
-- connections); the connection commands write it.
CREATE TABLE {{schema}}.connections (
  id            uuid    PRIMARY KEY,
  requester_id  uuid    NOT NULL,
  recipient_id  uuid    NOT NULL,
  status        text    NOT NULL CHECK (status IN ('pending', 'accepted')),
  -- The connection stream's version this row reflects; the next event is version + 1.
  version       integer NOT NULL,
  CONSTRAINT connections_not_self CHECK (requester_id <> recipient_id)
);

-- Either order of the same two people is the same pair.
CREATE UNIQUE INDEX connections_pair
  ON {{schema}}.connections (least(requester_id, recipient_id), greatest(requester_id, recipient_id));

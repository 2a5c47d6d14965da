-- Exactly-once commands (command-service/src/pipeline/idempotency.ts): per user and Idempotency-Key, the
-- answer of the command that committed with it. The row is claimed in the command's own transaction
-- (a second try with the key waits on it), and filled with the answer before that transaction commits,
-- so a command and its stored answer exist together or not at all. A row older than 24 hours is taken
-- over by a new command with its key, and swept away in time; an account's deletion removes its rows.
CREATE TABLE {{schema}}.idempotency_keys (
  user_id      text        NOT NULL,
  key          text        NOT NULL,
  -- sha256 of the method, the path and the body: the same key with another request is refused.
  request_hash text        NOT NULL,
  status       integer,
  body         jsonb,
  -- The answer's consistency token, so a repeat's next reads wait for the first's writes too.
  token        text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created ON {{schema}}.idempotency_keys (created_at);

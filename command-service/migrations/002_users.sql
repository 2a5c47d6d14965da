-- The user aggregate's write-side state: what the commands' invariants need (a unique email, the
-- password hash) plus the user as the events left it, so login and settings can answer at once.
CREATE TABLE {{schema}}.users (
  id             uuid        PRIMARY KEY,
  -- Stored lowercased (the contracts normalize it), so the uniqueness is case-insensitive.
  email          text        NOT NULL CONSTRAINT users_email_unique UNIQUE,
  password_hash  text        NOT NULL,
  profile        jsonb       NOT NULL,
  -- The user stream's version this row reflects; the next event is version + 1.
  version        integer     NOT NULL,
  CONSTRAINT users_email_lowercase CHECK (email = lower(email))
);

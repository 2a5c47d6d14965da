-- Messaging (beyond the spec): the conversation aggregate's write-side state, and the blocks between
-- people. What a command needs to be decided, and nothing of what was said: a message's text is only in
-- its MessageSent event, sealed with its sender's key.

-- One conversation per pair of people: its id is derived from the two ids (`conversationIdOf`), so the
-- primary key is the pair. Kept when either person deletes their account (the other keeps the thread).
CREATE TABLE {{schema}}.conversations (
  id          uuid        PRIMARY KEY,
  -- The two people, the lower id first (the order of ConversationStarted's participantIds).
  low_id      uuid        NOT NULL,
  high_id     uuid        NOT NULL,
  -- The job it was started from, when it was (ConversationStarted's job).
  job_id      uuid,
  started_at  timestamptz NOT NULL,
  -- When its last message was sent: a message decided after it is never sent before it.
  last_sent_at timestamptz,
  -- The conversation stream's version this row reflects; the next event is version + 1.
  version     integer     NOT NULL,
  CONSTRAINT conversations_pair_ordered CHECK (low_id < high_id)
);
CREATE INDEX conversations_low ON {{schema}}.conversations (low_id);
CREATE INDEX conversations_high ON {{schema}}.conversations (high_id);

-- Who sent which message, and where it stands in its thread (`seq`: the stream version of its
-- MessageSent). Marking a thread read names a message: it must be the other person's, of that thread,
-- and later than what the reader has read.
CREATE TABLE {{schema}}.conversation_messages (
  message_id       uuid        PRIMARY KEY,
  conversation_id  uuid        NOT NULL REFERENCES {{schema}}.conversations (id),
  sender_id        uuid        NOT NULL,
  seq              integer     NOT NULL,
  sent_at          timestamptz NOT NULL,
  CONSTRAINT conversation_messages_order UNIQUE (conversation_id, seq)
);

-- How far each person has read each of their threads (the last MessagesRead of theirs in it).
CREATE TABLE {{schema}}.conversation_reads (
  conversation_id  uuid        NOT NULL REFERENCES {{schema}}.conversations (id),
  reader_id        uuid        NOT NULL,
  up_to_message_id uuid        NOT NULL REFERENCES {{schema}}.conversation_messages (message_id),
  up_to_seq        integer     NOT NULL,
  read_at          timestamptz NOT NULL,
  PRIMARY KEY (conversation_id, reader_id)
);

-- Who blocked whom (PersonBlocked, PersonUnblocked on the blocker's stream). Both people exist: a block
-- command holds both user rows, and an account's deletion removes the person's rows either way before
-- its user row goes.
CREATE TABLE {{schema}}.blocks (
  user_id          uuid        NOT NULL REFERENCES {{schema}}.users (id),
  blocked_user_id  uuid        NOT NULL REFERENCES {{schema}}.users (id),
  blocked_at       timestamptz NOT NULL,
  PRIMARY KEY (user_id, blocked_user_id),
  CONSTRAINT blocks_not_self CHECK (user_id <> blocked_user_id)
);
CREATE INDEX blocks_blocked ON {{schema}}.blocks (blocked_user_id);

-- Whether two people are linked by an application, either way round (a poster and an applicant).
CREATE INDEX applications_employer ON {{schema}}.applications (employer_id);

-- "Export my data" finds a person's conversation events by either participant (as migration 009 does
-- for the other streams).
CREATE INDEX event_log_conversation_first
  ON {{schema}}.event_log ((data->'participantIds'->>0))
  WHERE stream_type = 'conversation';
CREATE INDEX event_log_conversation_second
  ON {{schema}}.event_log ((data->'participantIds'->>1))
  WHERE stream_type = 'conversation';

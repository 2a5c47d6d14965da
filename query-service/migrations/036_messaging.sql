-- The messaging model (query-service/src/projectors/messaging/): conversations between two people, their
-- messages, each participant's own state of a conversation, and what the model keeps of other
-- aggregates itself, from the events: the people it shows (messaging_people, people-cards.ts), the
-- links that let two people write (an accepted connection, an application between a job's poster and
-- an applicant) and the blocks.
--
-- A conversation's row stays for as long as either person is there; it counts each participant's
-- messages (`sent_first`, `sent_second`, participant_ids[0] and [1]), and each message is numbered in
-- its sender's count (`nth`), so a participant's unread count is the other's count less the number of
-- the last message of theirs they read: no count of messages is ever read.
CREATE TABLE {{schema}}.conversations (
  id          text        PRIMARY KEY,
  first_id    text        NOT NULL,
  second_id   text        NOT NULL,
  started_by  text        NOT NULL,
  job_id      text,
  job_title   text,
  started_at  timestamptz NOT NULL,
  sent_first  integer     NOT NULL DEFAULT 0,
  sent_second integer     NOT NULL DEFAULT 0
);

-- One row per participant: gone with their account (the other keeps theirs, and the thread).
-- `read_nth`: the number (in the other's count) of the last of the other's messages they read;
-- `seen_up_to`: the last of their own messages the other read. The list reads a person's rows by
-- `conversation_members_list`, latest changed first.
CREATE TABLE {{schema}}.conversation_members (
  conversation_id text        NOT NULL,
  user_id         text        NOT NULL,
  other_id        text        NOT NULL,
  unread_count    integer     NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
  read_nth        integer     NOT NULL DEFAULT 0,
  last_read       text,
  seen_up_to      text,
  seen_nth        integer     NOT NULL DEFAULT 0,
  last_message_id text,
  updated_at      timestamptz NOT NULL,
  PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX conversation_members_list
  ON {{schema}}.conversation_members (user_id, updated_at DESC, conversation_id DESC);
-- The unread badge: a person's conversations with unread messages.
CREATE INDEX conversation_members_unread
  ON {{schema}}.conversation_members (user_id) WHERE unread_count > 0;

-- `seq`: the MessageSent's version in the conversation's stream, the thread's order.
CREATE TABLE {{schema}}.messages (
  id              text        PRIMARY KEY,
  conversation_id text        NOT NULL,
  seq             integer     NOT NULL,
  sender_id       text        NOT NULL,
  nth             integer     NOT NULL,
  text            text        NOT NULL,
  erased          boolean     NOT NULL DEFAULT false,
  sent_at         timestamptz NOT NULL
);
CREATE INDEX messages_thread ON {{schema}}.messages (conversation_id, seq DESC);
-- An account's deletion erases the messages its person sent.
CREATE INDEX messages_sender ON {{schema}}.messages (sender_id);

CREATE TABLE {{schema}}.messaging_people (
  id         text PRIMARY KEY,
  first_name text NOT NULL,
  last_name  text NOT NULL,
  job_title  text NOT NULL DEFAULT '',
  picture_id text
);

-- Who may write to whom: each accepted connection (by its id) and each application (by its id) links
-- its two people, the pair stored lowest id first.
CREATE TABLE {{schema}}.messaging_links (
  link_id text PRIMARY KEY,
  low_id  text NOT NULL,
  high_id text NOT NULL
);
CREATE INDEX messaging_links_pair ON {{schema}}.messaging_links (low_id, high_id);
CREATE INDEX messaging_links_high ON {{schema}}.messaging_links (high_id);

CREATE TABLE {{schema}}.messaging_blocks (
  user_id         text NOT NULL,
  blocked_user_id text NOT NULL,
  PRIMARY KEY (user_id, blocked_user_id)
);
CREATE INDEX messaging_blocks_blocked ON {{schema}}.messaging_blocks (blocked_user_id);

-- What existed before this migration gets the rows the projector would have written, once: the people
-- (the users model's rows), the accepted connections and the applications. No conversation or block
-- event existed before it.
INSERT INTO {{schema}}.messaging_people (id, first_name, last_name, job_title, picture_id)
SELECT id, first_name, last_name, job_title, picture_id FROM {{schema}}.users;
INSERT INTO {{schema}}.messaging_links (link_id, low_id, high_id)
SELECT id, least(requester_id, recipient_id), greatest(requester_id, recipient_id)
  FROM {{schema}}.connections WHERE status = 'accepted';
INSERT INTO {{schema}}.messaging_links (link_id, low_id, high_id)
SELECT id, least(applicant_id, employer_id), greatest(applicant_id, employer_id)
  FROM {{schema}}.applications WHERE applicant_id <> employer_id;

-- The notifications model's (notifications/messages.ts): a message notifies its recipient, one
-- notification per conversation and recipient, which leads to the conversation.
ALTER TABLE {{schema}}.notifications ADD COLUMN conversation_id text;

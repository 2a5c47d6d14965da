-- Email (query-service/src/mail/): the notifications model queues the notifications that become mail, in
-- the batch that makes them, and the mail sender sends them.
--
-- notification_people keeps what the mail needs of each person, from their user events
-- (people-cards.ts): the address, the master toggle `emailNotifications`, the time zone their daily
-- digest is read in, and how they want job alerts mailed (`instant` or a `daily` digest).
ALTER TABLE {{schema}}.notification_people
  ADD COLUMN email               text    NOT NULL DEFAULT '',
  ADD COLUMN email_notifications boolean NOT NULL DEFAULT true,
  ADD COLUMN time_zone           text    NOT NULL DEFAULT 'UTC',
  ADD COLUMN job_alert_emails    text    NOT NULL DEFAULT 'daily';

UPDATE {{schema}}.notification_people p
   SET email = u.email,
       email_notifications = coalesce((u.notification_settings ->> 'emailNotifications')::boolean, true),
       time_zone = coalesce(nullif(u.appearance_settings ->> 'timezone', ''), 'UTC')
  FROM {{schema}}.users u
 WHERE u.id = p.id;

-- One row per notification to be mailed, and per time it was made (a conversation's notification, moved
-- up by a later message after it was read, is queued again): the key makes a redelivered or repeated
-- batch queue nothing twice. `kind` is the mail's kind (connections, applications, messages,
-- job_alerts); all of a person's pending rows of one kind go out as one mail once the first is due. The
-- sender marks each row sent (with the mail that carried it), skipped (read meanwhile, a setting turned
-- off, an address that refused mail) or failed. A rebuild queues nothing (nobody is told again of what
-- happened long ago) and keeps this table; an account's deletion takes its rows.
CREATE TABLE {{schema}}.notification_mails (
  notification_id uuid        NOT NULL,
  made_at         timestamptz NOT NULL,
  user_id         text        NOT NULL,
  kind            text        NOT NULL CHECK (kind IN ('connections', 'applications', 'messages', 'job_alerts')),
  due_at          timestamptz NOT NULL,
  state           text        NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'skipped', 'failed')),
  attempts        integer     NOT NULL DEFAULT 0,
  last_error      text,
  mail_id         uuid,
  done_at         timestamptz,
  PRIMARY KEY (notification_id, made_at)
);
CREATE INDEX notification_mails_due ON {{schema}}.notification_mails (due_at) WHERE state = 'pending';
CREATE INDEX notification_mails_person ON {{schema}}.notification_mails (user_id, kind) WHERE state = 'pending';

-- A person's address the mail server refused for good (5xx): not written to again until they change
-- it. Gone with their account.
CREATE TABLE {{schema}}.mail_refused_addresses (
  user_id    text        PRIMARY KEY,
  email      text        NOT NULL,
  reason     text        NOT NULL,
  refused_at timestamptz NOT NULL
);

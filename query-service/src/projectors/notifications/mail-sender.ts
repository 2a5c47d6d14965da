import { createHash } from 'node:crypto';
import { clockZoneOf, DAILY_DIGEST_HOUR, type MailKind, mailSettingOf } from '@careers/contracts/mail';
import {
  type Logger,
  type Pool,
  type PoolClient,
  unsubscribeToken,
  withTransaction,
} from '@careers/service-kit';
import { renderMail } from '../../mail/render.ts';
import { NotificationQueries } from './queries.ts';

/** What the sender hands to SMTP (nodemailer's `sendMail` takes it as is). */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

/** An SMTP server's answer to a refused mail: `responseCode` 5xx is for good, anything else may pass later. */
export interface SmtpError extends Error {
  responseCode?: number;
}

export interface MailTransport {
  sendMail(mail: OutgoingMail): Promise<unknown>;
}

export interface MailSenderOptions {
  pool: Pool;
  schema: string;
  transport: MailTransport;
  from: string;
  publicUrl: string;
  unsubscribeSecret: string;
  burstSeconds: number;
  messageDelaySeconds: number;
  log: Logger;
  /** The clock: what is due, and when a failed mail is tried again (the tests move it). */
  now?: () => Date;
}

/** Whether the mail's tables are there (the projector migrates the read schema): the mailer's readiness. */
export async function mailTablesReady(pool: Pool, schema: string): Promise<void> {
  await pool.query(`SELECT 1 FROM ${schema}.notification_mails LIMIT 0`);
}

/** Tries of one mail before it is given up (about a day with the backoff below). */
export const MAX_ATTEMPTS = 8;
/** The wait after the n-th failed try: 30 s doubling, at most 6 h. */
export const retryDelaySeconds = (attempts: number): number => Math.min(30 * 2 ** (attempts - 1), 6 * 3600);

/**
 * The next daily digest time after `after`: DAILY_DIGEST_HOUR o'clock in `timezone` (one of the
 * settings' choices, read as the zone it names: clockZoneOf; anything else as UTC), on the day of
 * `after` if that hour is still to come there, else the next day.
 */
export function nextDigestTime(after: Date, timezone: string): Date {
  const zone: string = (clockZoneOf as Record<string, string>)[timezone] ?? 'UTC';
  // The wall clock in the zone at `after`, and the zone's offset then.
  const wall = (at: Date) => {
    const parts: Record<string, string> = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
    const n = (type: string) => Number(parts[type] ?? 0);
    return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  };
  const offset = wall(after) - after.getTime();
  const local = new Date(after.getTime() + offset);
  let target = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), DAILY_DIGEST_HOUR);
  if (target <= local.getTime()) target += 24 * 3600 * 1000;
  // Back to an instant with the offset at the target (a change of summer time in between moves it).
  const guess = target - offset;
  return new Date(target - (wall(new Date(guess)) - guess));
}

interface Row {
  notification_id: string;
  made_at: Date;
  attempts: number;
}

interface Person {
  email: string;
  first_name: string;
  email_notifications: boolean;
  time_zone: string;
  job_alert_emails: string;
  refused: boolean;
  kind_on: boolean;
}

/** A mail's id (and Message-ID), derived from the rows it carries: the same mail always has the same one. */
function mailIdOf(rows: readonly Row[]): string {
  const keys = rows.map((r) => `${r.notification_id}@${r.made_at.toISOString()}`).sort();
  const h = createHash('md5').update(keys.join(',')).digest('hex');
  const v = `${h.slice(0, 12)}3${h.slice(13, 16)}a${h.slice(17, 32)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
}

/**
 * The mail sender: takes the notifications model's queued mail (notification_mails) when due and sends
 * each person's pending rows of one kind as one mail. How a mail goes out once:
 * - a person's rows of a kind are locked (`FOR UPDATE SKIP LOCKED`) for the whole send, so two senders
 *   never take the same rows, and the rows are marked sent in the transaction that holds them, right
 *   after the SMTP server accepted the mail;
 * - the rows are queued by the projector under a key of notification and time, so a redelivered event or
 *   a restarted projector queues nothing twice, and a rebuild queues nothing;
 * - the one gap is a crash after the server accepted and before the commit: the mail is sent again
 *   after the restart, with the same Message-ID (derived from its rows), which receiving servers that
 *   drop repeats drop.
 * Each is judged again as it goes: the person still there, `emailNotifications` and the kind's toggle
 * still on, the address not refused, the notification still shown and not read in the bell; a message
 * once per unread stretch; job alerts of a person who wants a daily digest wait for DAILY_DIGEST_HOUR
 * in their time zone.
 */
export class MailSender {
  private readonly o: MailSenderOptions;
  private readonly queries: NotificationQueries;

  constructor(options: MailSenderOptions) {
    this.o = options;
    this.queries = new NotificationQueries(options.pool, options.schema);
  }

  private now(): Date {
    return this.o.now?.() ?? new Date();
  }

  /** Sends what is due; returns how many mails went out. */
  async sendDue(limit = 50): Promise<number> {
    const s = this.o.schema;
    const now = this.now();
    const { rows: due } = await this.o.pool.query<{ user_id: string; kind: MailKind }>(
      `SELECT DISTINCT user_id, kind FROM ${s}.notification_mails
        WHERE state = 'pending' AND due_at <= $1
          AND made_at <= $1::timestamptz - make_interval(secs => CASE kind WHEN 'messages' THEN $2::float8 ELSE $3::float8 END)
        LIMIT $4`,
      [now, this.o.messageDelaySeconds, this.o.burstSeconds, limit],
    );
    let sent = 0;
    for (const { user_id, kind } of due) {
      try {
        if (await this.sendOne(user_id, kind, now)) sent++;
      } catch (error) {
        this.o.log.error({ err: error, userId: user_id, kind }, 'mail: sending failed');
      }
    }
    return sent;
  }

  /** One person's pending mail of one kind: sent, postponed, skipped or retried later. */
  private async sendOne(userId: string, kind: MailKind, now: Date): Promise<boolean> {
    const s = this.o.schema;
    return withTransaction(this.o.pool, async (tx) => {
      const { rows } = await tx.query<Row>(
        `SELECT notification_id::text, made_at, attempts FROM ${s}.notification_mails
          WHERE user_id = $1 AND kind = $2 AND state = 'pending' AND due_at <= $3
          ORDER BY made_at, notification_id FOR UPDATE SKIP LOCKED`,
        [userId, kind, now],
      );
      if (rows.length === 0) return false;
      const person = await this.person(tx, userId, kind);
      if (person === null || !person.email_notifications || !person.kind_on || person.refused) {
        await this.finish(tx, rows, 'skipped', null);
        return false;
      }
      if (kind === 'job_alerts' && person.job_alert_emails === 'daily') {
        const first = rows.reduce((a, r) => (r.made_at < a ? r.made_at : a), rows[0]?.made_at ?? now);
        const at = nextDigestTime(first, person.time_zone);
        if (at > now) {
          await this.update(tx, rows, 'due_at = $3', [at]);
          return false;
        }
      }
      const stale = kind === 'messages' ? await this.mailedOrRead(tx, userId, rows) : new Set<string>();
      const shown = await this.queries.byIds(
        userId,
        rows.filter((r) => !stale.has(r.notification_id)).map((r) => r.notification_id),
        tx,
      );
      // What the person has read in the bell since (or, for a message, in the thread) is not mailed.
      const telling = shown.filter((n) => !n.read);
      const carried = rows.filter((r) => telling.some((n) => n._id === r.notification_id));
      const dropped = rows.filter((r) => !carried.includes(r));
      if (dropped.length > 0) await this.finish(tx, dropped, 'skipped', null);
      if (carried.length === 0) return false;

      const token = unsubscribeToken(userId, kind, this.o.unsubscribeSecret);
      const mail = renderMail({
        kind,
        firstName: person.first_name,
        notifications: telling,
        publicUrl: this.o.publicUrl,
        unsubscribeToken: token,
      });
      const mailId = mailIdOf(carried);
      try {
        await this.o.transport.sendMail({
          from: this.o.from,
          to: person.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<${mailId}@jobconnect>`,
          headers: {
            'List-Unsubscribe': `<${mail.unsubscribePost}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            'X-JobConnect-Kind': kind,
          },
        });
      } catch (error) {
        const code = (error as SmtpError).responseCode ?? 0;
        const reason = (error as Error).message.slice(0, 500);
        if (code >= 500 && code < 600) {
          // Refused for good: the address is recorded, and nothing more is sent to it.
          await tx.query(
            `INSERT INTO ${s}.mail_refused_addresses (user_id, email, reason, refused_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, reason = EXCLUDED.reason,
               refused_at = EXCLUDED.refused_at`,
            [userId, person.email, reason, now],
          );
          await this.finish(tx, carried, 'failed', reason);
          this.o.log.warn({ userId, kind, code }, 'mail: address refused, not written to again');
          return false;
        }
        const attempts = Math.max(...carried.map((r) => r.attempts)) + 1;
        if (attempts >= MAX_ATTEMPTS) {
          await this.finish(tx, carried, 'failed', reason);
          this.o.log.warn({ userId, kind, attempts }, 'mail: given up after repeated failures');
          return false;
        }
        await this.update(tx, carried, 'attempts = $3, last_error = $4, due_at = $5', [
          attempts,
          reason,
          new Date(now.getTime() + retryDelaySeconds(attempts) * 1000),
        ]);
        this.o.log.warn({ userId, kind, attempts, err: error }, 'mail: not sent, tried again later');
        return false;
      }
      await this.finish(tx, carried, 'sent', null, mailId);
      return true;
    });
  }

  /** The person as the mail needs them, with the kind's toggle now; null when they are gone. */
  private async person(tx: PoolClient, userId: string, kind: MailKind): Promise<Person | null> {
    const s = this.o.schema;
    const toggle = {
      connectionRequests: 'connection_requests',
      applicationUpdates: 'application_updates',
      jobAlerts: 'job_alerts',
      emailNotifications: null,
    }[mailSettingOf[kind]];
    const { rows } = await tx.query<Person>(
      `SELECT p.email, p.first_name, p.email_notifications, p.time_zone, p.job_alert_emails,
              EXISTS (SELECT 1 FROM ${s}.mail_refused_addresses r WHERE r.user_id = p.id AND r.email = p.email) AS refused,
              ${
                toggle === null
                  ? 'true'
                  : `coalesce((SELECT a.${toggle} FROM ${s}.alert_settings a WHERE a.user_id = p.id
                        ORDER BY a.valid_from DESC, a.stream_version DESC LIMIT 1), true)`
              } AS kind_on
         FROM ${s}.notification_people p
        WHERE p.id = $1 AND NOT EXISTS (SELECT 1 FROM ${s}.deleted_accounts d WHERE d.user_id = p.id)`,
      [userId],
    );
    const person = rows[0];
    return person && person.email !== '' ? person : null;
  }

  /**
   * The message rows already told of: a mail about the same conversation went out since its reader
   * last read it (one mail per unread stretch).
   */
  private async mailedOrRead(tx: PoolClient, userId: string, rows: readonly Row[]): Promise<Set<string>> {
    const s = this.o.schema;
    const { rows: told } = await tx.query<{ id: string }>(
      `SELECT DISTINCT m.notification_id::text AS id FROM ${s}.notification_mails m
        WHERE m.user_id = $1 AND m.notification_id = ANY($2::uuid[]) AND m.state = 'sent'
          AND m.made_at > coalesce(greatest(
                (SELECT r.read_at FROM ${s}.notification_reads r
                  WHERE r.user_id = m.user_id AND r.notification_id = m.notification_id),
                (SELECT k.up_to FROM ${s}.notification_read_marks k WHERE k.user_id = m.user_id)),
              '-infinity')`,
      [userId, rows.map((r) => r.notification_id)],
    );
    return new Set(told.map((r) => r.id));
  }

  /** Sets `set` (its parameters from $3, `values`) on `rows`, each named by its notification and time. */
  private async update(tx: PoolClient, rows: readonly Row[], set: string, values: unknown[]): Promise<void> {
    await tx.query(
      `UPDATE ${this.o.schema}.notification_mails m SET ${set}
         FROM unnest($1::uuid[], $2::timestamptz[]) AS x(id, made_at)
        WHERE m.notification_id = x.id AND m.made_at = x.made_at`,
      [rows.map((r) => r.notification_id), rows.map((r) => r.made_at), ...values],
    );
  }

  private async finish(
    tx: PoolClient,
    rows: readonly Row[],
    state: 'sent' | 'skipped' | 'failed',
    error: string | null,
    mailId: string | null = null,
  ): Promise<void> {
    await this.update(
      tx,
      rows,
      'state = $3, last_error = coalesce($4, m.last_error), mail_id = $5, done_at = $6',
      [state, error, mailId, this.now()],
    );
  }
}

import { randomUUID } from 'node:crypto';
import { createLogger, testOnlySecrets, verifyUnsubscribeToken } from '@careers/service-kit';
import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { jobPostedData } from '../jobs/testing.ts';
import { MailSender, type MailTransport, nextDigestTime, type SmtpError } from './mail-sender.ts';
import { notificationTesting } from './notification-testing.ts';

/**
 * The mail, end to end on the real services: events through the notifications model (which queues the
 * mail in its batches), the sender, and the local Mailpit (its SMTP server, and its API to read what
 * arrived).
 */

const MAILPIT = process.env.MAILPIT_URL ?? 'http://127.0.0.1:8025';
const smtp = nodemailer.createTransport(process.env.MAIL_SMTP_URL ?? 'smtp://127.0.0.1:1025');
afterAll(() => smtp.close());

const testing = notificationTesting('mail');
const { at, next, apply, register, settings, skills } = testing;
const secret = testOnlySecrets.UNSUBSCRIBE_SECRET;

function sender(options: { transport?: MailTransport; now?: Date; burstSeconds?: number } = {}) {
  const { bed } = testing.current();
  return new MailSender({
    pool: bed.pool,
    schema: bed.schema,
    transport: options.transport ?? smtp,
    from: 'JobConnect <no-reply@jobconnect.localhost>',
    publicUrl: 'http://localhost:5173',
    unsubscribeSecret: secret,
    burstSeconds: options.burstSeconds ?? 60,
    messageDelaySeconds: 600,
    log: createLogger('mail-test', 'silent'),
    ...(options.now ? { now: () => options.now as Date } : {}),
  });
}

interface Arrived {
  ID: string;
  Subject: string;
}
/** The mail Mailpit holds for `userId`'s address. */
async function inbox(userId: string): Promise<Arrived[]> {
  const url = `${MAILPIT}/api/v1/search?query=${encodeURIComponent(`to:"${userId}@example.com"`)}`;
  const body = (await (await fetch(url)).json()) as { messages: Arrived[] };
  return body.messages;
}
async function message(id: string) {
  const body = (await (await fetch(`${MAILPIT}/api/v1/message/${id}`)).json()) as {
    Text: string;
    HTML: string;
  };
  const headers = (await (await fetch(`${MAILPIT}/api/v1/message/${id}/headers`)).json()) as Record<
    string,
    string[]
  >;
  return { ...body, headers };
}

async function people(...names: string[]): Promise<string[]> {
  const ids = names.map(() => randomUUID());
  for (const [i, id] of ids.entries()) await register(id, names[i] as string);
  return ids;
}
const request = (requesterId: string, recipientId: string, minute: number) => {
  const connectionId = randomUUID();
  return next('ConnectionRequested', connectionId, {
    connectionId,
    requesterId,
    recipientId,
    requestedAt: at(minute),
  });
};
const later = (minutes: number) => new Date(Date.parse(at(0)) + minutes * 60_000);

describe('the mail', () => {
  it('mails a connection request once, with its link, both bodies and a one-click unsubscribe', async () => {
    const [ada, bob] = (await people('Ada', 'Bob')) as [string, string];
    const event = request(ada, bob, 1);
    await apply(event);
    expect(await sender({ now: later(1) }).sendDue()).toBe(0); // within the burst window
    expect(await sender({ now: later(3) }).sendDue()).toBe(1);

    const [arrived, ...more] = await inbox(bob);
    expect(more).toEqual([]);
    expect(arrived?.Subject).toBe('Ada Tester wants to connect with you');
    const mail = await message(arrived?.ID as string);
    expect(mail.Text).toContain('Hi Bob,');
    expect(mail.Text).toContain('http://localhost:5173/connections?tab=pending');
    expect(mail.HTML).toContain('<html lang="en">');
    expect(mail.HTML).toContain('href="http://localhost:5173/connections?tab=pending"');
    expect(mail.headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
    const link = /<http:\/\/localhost:5173\/api\/unsubscribe\/([^>]+)>/.exec(
      mail.headers['List-Unsubscribe']?.[0] ?? '',
    );
    expect(verifyUnsubscribeToken(link?.[1] ?? '', secret)).toEqual({ u: bob, k: 'connections' });
    expect(mail.HTML).toContain(`http://localhost:5173/unsubscribe/${link?.[1]}`);

    // Nothing twice: sent again, by a sender started anew, or after the event is delivered again.
    expect(await sender({ now: later(10) }).sendDue()).toBe(0);
    await apply(event);
    expect(await sender({ now: later(10) }).sendDue()).toBe(0);
    expect(await inbox(bob)).toHaveLength(1);
  });

  it('sends a burst as one mail, and none for a person with email or that kind turned off', async () => {
    const [ada, bob, cy, dee, eve] = (await people('Ada', 'Bob', 'Cy', 'Dee', 'Eve')) as string[] as [
      string,
      string,
      string,
      string,
      string,
    ];
    await apply(settings(dee, { emailNotifications: false }));
    await apply(request(ada, bob, 1), request(cy, bob, 2), request(ada, dee, 2), request(ada, eve, 2));
    await apply(request(dee, bob, 2));
    // Eve turns connection requests off after hers was queued: it is not sent.
    await apply(settings(eve, { connectionRequests: false }));
    await sender({ now: later(5) }).sendDue();
    const bobs = await inbox(bob);
    expect(bobs.map((m) => m.Subject)).toEqual(['3 new updates about your connections']);
    const text = (await message(bobs[0]?.ID as string)).Text;
    for (const who of ['Ada Tester', 'Cy Tester', 'Dee Tester'])
      expect(text).toContain(`${who} wants to connect`);
    expect(await inbox(dee)).toEqual([]);
    expect(await inbox(eve)).toEqual([]);
  });

  it('does not mail what the person read in the bell before it was due', async () => {
    const [ada, bob] = (await people('Ada', 'Bob')) as [string, string];
    await apply(request(ada, bob, 1));
    const { queries } = testing.current();
    const [seen] = (await queries.list(bob, 1, 10)).data;
    await apply(
      next('NotificationsRead', bob, { userId: bob, notificationIds: [seen?._id as string], readAt: at(2) }),
    );
    expect(await sender({ now: later(5) }).sendDue()).toBe(0);
    expect(await inbox(bob)).toEqual([]);
  });

  it('mails an application moved on, and a message left unread, once per unread stretch, none once read', async () => {
    const [poster, applicant, friend] = (await people('Poe', 'Ann', 'Fay')) as [string, string, string];
    const applicationId = randomUUID();
    const jobId = randomUUID();
    const parties = { applicationId, jobId, applicantId: applicant, employerId: poster };
    await apply(
      next('ApplicationStatusChanged', applicationId, {
        ...parties,
        from: 'pending',
        to: 'interview',
        changedAt: at(3),
      }),
    );
    const conversationId = randomUUID();
    const message1 = (minute: number, senderId: string) =>
      next('MessageSent', conversationId, {
        conversationId,
        messageId: randomUUID(),
        senderId,
        participantIds: [applicant, friend],
        text: 'Hello',
        sentAt: at(minute),
      });
    await apply(message1(4, friend));
    // The message waits its 10 minutes; the application update goes after the burst window.
    await sender({ now: later(6) }).sendDue();
    expect((await inbox(applicant)).map((m) => m.Subject)).toEqual([
      'Your application for a job is now interview',
    ]);
    await sender({ now: later(15) }).sendDue();
    const both = await inbox(applicant);
    expect(both.map((m) => m.Subject).sort()).toEqual([
      'Fay Tester sent you a message',
      'Your application for a job is now interview',
    ]);
    const texts = await Promise.all(both.map(async (m) => (await message(m.ID)).Text));
    expect(texts.join('\n')).toContain(`http://localhost:5173/messages/${conversationId}`);
    expect(texts.join('\n')).toContain('http://localhost:5173/applications');
    // Another message while still unread: no second mail.
    await apply(message1(16, friend));
    await sender({ now: later(30) }).sendDue();
    expect(await inbox(applicant)).toHaveLength(2);
    // Read, then a new message read before its delay is up: nothing.
    const read = (minute: number) =>
      next('MessagesRead', conversationId, {
        conversationId,
        participantIds: [applicant, friend],
        readerId: applicant,
        upToMessageId: randomUUID(),
        readAt: at(minute),
      });
    await apply(read(31));
    await apply(message1(32, friend));
    await apply(read(33));
    await sender({ now: later(45) }).sendDue();
    expect(await inbox(applicant)).toHaveLength(2);
  });

  it('sends nothing after the account is deleted, and stops writing to an address the server refused', async () => {
    const [ada, bob, cy, dan] = (await people('Ada', 'Bob', 'Cy', 'Dan')) as [string, string, string, string];
    await apply(request(ada, bob, 1));
    await apply(next('AccountDeleted', bob, { userId: bob, deletedAt: at(2) }));
    expect(await sender({ now: later(10) }).sendDue()).toBe(0);
    expect(await inbox(bob)).toEqual([]);

    const tries: string[] = [];
    const refusing: MailTransport = {
      async sendMail(mail) {
        tries.push(mail.to);
        throw Object.assign(new Error('550 5.1.1 mailbox unavailable'), { responseCode: 550 }) as SmtpError;
      },
    };
    await apply(request(ada, cy, 3));
    expect(await sender({ now: later(10), transport: refusing }).sendDue()).toBe(0);
    await apply(request(dan, cy, 4));
    await sender({ now: later(20), transport: refusing }).sendDue();
    expect(tries).toEqual([`${cy}@example.com`]);
    const { bed } = testing.current();
    const { rows } = await bed.pool.query(
      `SELECT state FROM ${bed.schema}.notification_mails WHERE user_id = $1 ORDER BY made_at`,
      [cy],
    );
    expect(rows.map((r) => r.state)).toEqual(['failed', 'skipped']);
  });

  it('tries again after its backoff when the server is away', async () => {
    const [ada, bob] = (await people('Ada', 'Bob')) as [string, string];
    await apply(request(ada, bob, 1));
    let tries = 0;
    const away: MailTransport = {
      async sendMail() {
        tries++;
        throw new Error('connect ECONNREFUSED 127.0.0.1:1025');
      },
    };
    await sender({ now: later(5), transport: away }).sendDue();
    await sender({ now: later(5), transport: away }).sendDue();
    expect(tries).toBe(1); // not again before its backoff (30 s)
    await sender({ now: later(6) }).sendDue();
    expect((await inbox(bob)).map((m) => m.Subject)).toEqual(['Ada Tester wants to connect with you']);
  });
});

describe('job alerts by mail', () => {
  it('go one by one to who chose instant, and in one digest at 08:00 their time to the others', async () => {
    const [poster, ivy, dan] = (await people('Poe', 'Ivy', 'Dan')) as [string, string, string];
    // Dan's zone: one whose next 08:00 is over an hour away, so that the test's half hour of instant
    // mails ends before his digest is due, whatever the time of day the test runs (Chicago, or else
    // UTC, six hours apart).
    const timezone = nextDigestTime(new Date(), 'CST').getTime() - Date.now() > 3_600_000 ? 'CST' : 'UTC';
    await apply(
      skills(ivy, ['Erlang']),
      skills(dan, ['Erlang']),
      next('JobAlertEmailsChosen', ivy, { userId: ivy, jobAlertEmails: 'instant', chosenAt: at(0) }),
      next('AppearanceSettingsUpdated', dan, {
        userId: dan,
        settings: { theme: 'light', language: 'en', timezone },
      }),
    );
    const { queries } = testing.current();
    expect(await queries.mailPreferences(ivy)).toEqual({ jobAlertEmails: 'instant' });
    expect(await queries.mailPreferences(dan)).toEqual({ jobAlertEmails: 'daily' });
    // Alerts judge people as they were when a job was posted: the jobs are posted now.
    const base = Date.now() + 1000;
    const after = (minutes: number) => new Date(base + minutes * 60_000);
    const job = (title: string, minute: number) => {
      const data = jobPostedData({
        employerId: poster,
        title,
        postedAt: after(minute).toISOString(),
        skills: [{ name: 'Erlang', required: true, proficiency: 'Advanced' }],
      });
      return next('JobPosted', data.jobId, data);
    };
    await apply(job('Erlang Engineer', 0));
    await apply(job('Erlang Lead', 20));
    await sender({ now: after(3) }).sendDue();
    expect((await inbox(ivy)).map((m) => m.Subject)).toEqual([
      'New job that fits you: Erlang Engineer at Acme',
    ]);
    await sender({ now: after(30) }).sendDue();
    expect((await inbox(ivy)).map((m) => m.Subject).sort()).toEqual([
      'New job that fits you: Erlang Engineer at Acme',
      'New job that fits you: Erlang Lead at Acme',
    ]);
    // Dan's wait for the next 08:00 in his zone (nextDigestTime: below), then go as one.
    const digestAt = nextDigestTime(after(0), timezone);
    await sender({ now: after(30) }).sendDue();
    await sender({ now: new Date(digestAt.getTime() - 60_000) }).sendDue();
    expect(await inbox(dan)).toEqual([]);
    await sender({ now: digestAt }).sendDue();
    const digest = await inbox(dan);
    expect(digest.map((m) => m.Subject)).toEqual(['2 new jobs that fit you']);
    const text = (await message(digest[0]?.ID as string)).Text;
    expect(text).toContain('New job that fits you: Erlang Engineer at Acme');
    expect(text).toMatch(/http:\/\/localhost:5173\/jobs\/[0-9a-f-]{36}/);
  });
});

describe('the daily digest time', () => {
  it('is the next 08:00 in the person’s time zone', () => {
    const utc = (iso: string) => new Date(iso).toISOString();
    expect(nextDigestTime(new Date('2026-03-01T07:00:00Z'), 'UTC').toISOString()).toBe(
      utc('2026-03-01T08:00:00Z'),
    );
    expect(nextDigestTime(new Date('2026-03-01T08:00:00Z'), 'UTC').toISOString()).toBe(
      utc('2026-03-02T08:00:00Z'),
    );
    // EST is New York's clock: UTC-5 in winter, UTC-4 from 8 March 2026.
    expect(nextDigestTime(new Date('2026-03-01T20:00:00Z'), 'EST').toISOString()).toBe(
      utc('2026-03-02T13:00:00Z'),
    );
    expect(nextDigestTime(new Date('2026-03-08T20:00:00Z'), 'EST').toISOString()).toBe(
      utc('2026-03-09T12:00:00Z'),
    );
    expect(nextDigestTime(new Date('2026-07-01T03:00:00Z'), 'PST').toISOString()).toBe(
      utc('2026-07-01T15:00:00Z'),
    );
    expect(nextDigestTime(new Date('2026-03-01T20:00:00Z'), 'Not/AZone').toISOString()).toBe(
      utc('2026-03-02T08:00:00Z'),
    );
  });
});

import type { DomainEvent, DomainEventType } from '@careers/contracts/events/catalogue';
import { defaultJobAlertEmails } from '@careers/contracts/mail';
import { registeredUser } from '@careers/contracts/user-defaults';
import type { PoolClient } from '@careers/service-kit';
import { userEventsBesidesDeletion } from './projector.ts';

type Queryable = Pick<PoolClient, 'query'>;

/**
 * People as a read model shows them beside its own rows (a post's author, a job's poster, an applicant,
 * a connection, a notification's actors, a suggestion), kept by that model itself from the user
 * stream's events, in a table of its own (migration 023), rather than read from the users model's.
 *
 * A card is a person's id, names, job title and picture id, as the users model keeps them: a row from
 * their UserRegistered (the settings and fields it leaves empty at `registeredUser`'s defaults), set
 * anew by each ProfileUpdated and picture event, and gone at their AccountDeleted (there is no row for
 * someone deleted or never seen, and the queries show that as they did: a LEFT JOIN with empty names,
 * an inner JOIN leaving them out). A model that shows more of a person keeps the columns it needs
 * besides (`CardExtra`), each from the events that carry it.
 *
 * The cards are joined when read, so a new name or picture shows at once, and whichever topic the
 * model reads first (a post before its author's registration) the read is the same once both are in.
 * Every statement sets absolute values, so a redelivered event leaves the same rows; a rebuild
 * truncates the table (`reset`) and replays the user topic into it.
 */

/** What a model may keep of a person besides the card. */
export type CardExtra =
  | 'email'
  | 'phone'
  | 'bio'
  | 'location'
  | 'skills'
  | 'job_preferences'
  | 'push_notifications'
  | 'email_notifications'
  | 'time_zone'
  | 'job_alert_emails';

const CARD = ['first_name', 'last_name', 'job_title', 'picture_id'] as const;

type Column = (typeof CARD)[number] | CardExtra;

/** The user events every card is kept from, besides the AccountDeleted that takes it away. */
export const personCardEvents = [
  'UserRegistered',
  'ProfileUpdated',
  'ProfilePictureUploaded',
  'ProfilePictureRemoved',
] as const satisfies readonly DomainEventType[];

function without<T extends string, U extends T>(list: readonly T[], out: readonly U[]): Exclude<T, U>[] {
  return list.filter((type): type is Exclude<T, U> => !(out as readonly string[]).includes(type));
}

/**
 * The user stream's events a model that reads that stream for its cards and the account's deletion
 * alone has no use for (`userEventsBesidesDeletion` less the cards' own): what it names as ignored.
 */
export const userEventsBesidesCards = without(userEventsBesidesDeletion, personCardEvents);

/** The columns each event sets, and to what (those the card has of them). */
function valuesOf(event: DomainEvent): Partial<Record<Column, unknown>> | null {
  switch (event.type) {
    case 'UserRegistered': {
      const u = registeredUser(event.data);
      return {
        first_name: u.firstName,
        last_name: u.lastName,
        job_title: u.jobTitle,
        picture_id: null,
        email: u.email,
        phone: u.phone,
        bio: u.bio,
        location: u.location,
        skills: u.skills,
        job_preferences: u.jobPreferences,
        push_notifications: u.notificationSettings.pushNotifications,
        email_notifications: u.notificationSettings.emailNotifications,
        time_zone: u.appearanceSettings.timezone,
        job_alert_emails: defaultJobAlertEmails,
      };
    }
    case 'ProfileUpdated': {
      const d = event.data;
      return {
        first_name: d.firstName,
        last_name: d.lastName,
        job_title: d.jobTitle,
        email: d.email,
        phone: d.phone,
        bio: d.bio,
        location: d.location,
        job_preferences: d.jobPreferences,
      };
    }
    case 'ProfilePictureUploaded':
      return { picture_id: event.data.pictureId };
    case 'ProfilePictureRemoved':
      return { picture_id: null };
    case 'SkillsUpdated':
      return { skills: event.data.skills };
    case 'NotificationSettingsUpdated':
      return {
        push_notifications: event.data.settings.pushNotifications,
        email_notifications: event.data.settings.emailNotifications,
      };
    case 'AppearanceSettingsUpdated':
      return { time_zone: event.data.settings.timezone };
    case 'JobAlertEmailsChosen':
      return { job_alert_emails: event.data.jobAlertEmails };
    default:
      return null;
  }
}

/** The types `valuesOf` takes, each with the columns it sets. */
const SETS: Readonly<Record<string, readonly Column[]>> = {
  UserRegistered: [
    ...CARD,
    'email',
    'phone',
    'bio',
    'location',
    'skills',
    'job_preferences',
    'push_notifications',
    'email_notifications',
    'time_zone',
    'job_alert_emails',
  ],
  ProfileUpdated: [
    'first_name',
    'last_name',
    'job_title',
    'email',
    'phone',
    'bio',
    'location',
    'job_preferences',
  ],
  ProfilePictureUploaded: ['picture_id'],
  ProfilePictureRemoved: ['picture_id'],
  SkillsUpdated: ['skills'],
  NotificationSettingsUpdated: ['push_notifications', 'email_notifications'],
  AppearanceSettingsUpdated: ['time_zone'],
  JobAlertEmailsChosen: ['job_alert_emails'],
};

export interface PeopleCards {
  /** The table, without its schema. */
  readonly table: string;
  /** The user events these cards are kept from, AccountDeleted included: what the model hands to `apply`. */
  readonly events: readonly DomainEventType[];
  /**
   * Applies `events` (in stream order; any number, of any streams: those not of `events` are passed
   * over) in at most three statements, with the effect of applying them one at a time.
   */
  apply(events: readonly DomainEvent[], ctx: { tx: Queryable; schema: string }): Promise<void>;
  /** Removes every card, before a rebuild from the topics. */
  reset(ctx: { tx: Queryable; schema: string }): Promise<void>;
}

/**
 * The cards a model keeps in `table` (made by a migration: `id` its key, the card's columns and the
 * `extras`), from the user events.
 */
export function peopleCards(table: string, extras: readonly CardExtra[] = []): PeopleCards {
  const columns: readonly Column[] = [...CARD, ...extras];
  const events = [
    ...Object.keys(SETS).filter((type) => SETS[type]?.some((column) => columns.includes(column))),
    'AccountDeleted',
  ] as DomainEventType[];

  return {
    table,
    events,
    async apply(batch, { tx, schema }) {
      const t = `${schema}.${table}`;
      // Per person: whether their account went, their registration, and each column as their last
      // event of the batch set it. A registration opens a person's stream and their deletion closes it,
      // so the deletions first, then the new rows, then the changes leave what one event at a time does.
      const deleted = new Set<string>();
      const registered = new Map<string, Record<string, unknown>>();
      const changed = new Map<string, Record<string, unknown>>();
      for (const event of batch) {
        if (!events.includes(event.type)) continue;
        if (event.type === 'AccountDeleted') {
          const id = event.data.userId;
          deleted.add(id);
          registered.delete(id);
          changed.delete(id);
          continue;
        }
        const values = valuesOf(event);
        if (values === null || !('userId' in event.data)) continue;
        const id = event.data.userId;
        const mine = Object.fromEntries(columns.filter((c) => c in values).map((c) => [c, values[c]]));
        if (event.type === 'UserRegistered') {
          if (!registered.has(id)) registered.set(id, { id, ...mine });
        } else {
          changed.set(id, { ...changed.get(id), ...mine });
        }
      }
      if (deleted.size > 0) {
        await tx.query(`DELETE FROM ${t} WHERE id = ANY($1::text[])`, [[...deleted]]);
      }
      if (registered.size > 0) {
        const list = ['id', ...columns].join(', ');
        await tx.query(
          `INSERT INTO ${t} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${t}, $1::jsonb)
           ON CONFLICT (id) DO NOTHING`,
          [JSON.stringify([...registered.values()])],
        );
      }
      if (changed.size > 0) {
        // Each person's changes as an object of the columns set: a column their events left alone keeps
        // its value (a picture removed sets picture_id to null, which is a value).
        const touched = columns.filter((c) => [...changed.values()].some((values) => c in values));
        await tx.query(
          `UPDATE ${t} c SET ${touched.map((c) => `${c} = CASE WHEN x.d ? '${c}' THEN (x.r).${c} ELSE c.${c} END`).join(', ')}
             FROM (SELECT e.key AS id, e.value AS d, jsonb_populate_record(NULL::${t}, e.value) AS r
                     FROM jsonb_each($1::jsonb) e) x
            WHERE c.id = ANY($2::text[]) AND c.id = x.id`,
          [JSON.stringify(Object.fromEntries(changed)), [...changed.keys()]],
        );
      }
    },
    async reset({ tx, schema }) {
      await tx.query(`TRUNCATE ${schema}.${table}`);
    },
  };
}

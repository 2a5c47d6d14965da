import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { eventsDecided } from '@careers/contracts/events/event-table';
import { registeredUser } from '@careers/contracts/user-defaults';
import type { StoredResume } from '../file-urls.ts';
import { defineProjector, type ProjectionContext, unhandled } from '../projector.ts';

const json = (value: unknown) => JSON.stringify(value);

/**
 * The effect of UserRegistered, UserLoggedIn, ProfileUpdated and SkillsUpdated, for any number of them
 * in stream order: written here once, for a batch or for one event alone.
 */
async function applyUsers(
  events: readonly DomainEvent[],
  { tx, schema }: Pick<ProjectionContext, 'tx' | 'schema'>,
): Promise<void> {
  // New rows first (a person's registration comes first in their stream), then per person the last
  // login, profile and skills of the batch: each update sets absolute values, so the last one is
  // what the updates one by one leave.
  const registered: object[] = [];
  const lastLogin = new Map<string, string>();
  const profiles = new Map<string, object>();
  const skills = new Map<string, string>();
  for (const event of events) {
    if (event.type === 'ProfileUpdated') {
      const d = event.data;
      profiles.set(d.userId, {
        id: d.userId,
        first_name: d.firstName,
        last_name: d.lastName,
        email: d.email,
        phone: d.phone,
        bio: d.bio,
        job_title: d.jobTitle,
        location: d.location,
        job_preferences: d.jobPreferences,
      });
      continue;
    }
    if (event.type === 'SkillsUpdated') {
      skills.set(event.data.userId, json(event.data.skills));
      continue;
    }
    if (event.type === 'UserRegistered') {
      const u = registeredUser(event.data);
      registered.push({
        id: u._id,
        first_name: u.firstName,
        last_name: u.lastName,
        email: u.email,
        account_type: u.accountType,
        job_title: u.jobTitle,
        phone: u.phone,
        bio: u.bio,
        location: u.location,
        skills: u.skills,
        job_preferences: u.jobPreferences,
        notification_settings: u.notificationSettings,
        appearance_settings: u.appearanceSettings,
        registered_at: u.createdAt,
      });
    } else if (event.type === 'UserLoggedIn') {
      lastLogin.set(event.data.userId, event.data.at);
    } else {
      throw new Error(`users: ${event.type} is not taken in batches`);
    }
  }
  if (registered.length > 0) {
    await tx.query(
      `INSERT INTO ${schema}.users (id, first_name, last_name, email, account_type, job_title, phone, bio,
         location, skills, job_preferences, notification_settings, appearance_settings, registered_at)
       SELECT id, first_name, last_name, email, account_type, job_title, phone, bio, location, skills,
              job_preferences, notification_settings, appearance_settings, registered_at
         FROM jsonb_populate_recordset(NULL::${schema}.users, $1::jsonb)
       ON CONFLICT (id) DO NOTHING`,
      [json(registered)],
    );
  }
  if (profiles.size > 0) {
    await tx.query(
      `UPDATE ${schema}.users u SET first_name = x.first_name, last_name = x.last_name, email = x.email,
         phone = x.phone, bio = x.bio, job_title = x.job_title, location = x.location,
         job_preferences = x.job_preferences
         FROM jsonb_populate_recordset(NULL::${schema}.users, $1::jsonb) AS x WHERE u.id = x.id`,
      [json([...profiles.values()])],
    );
  }
  if (skills.size > 0) {
    await tx.query(
      `UPDATE ${schema}.users u SET skills = x.skills
         FROM unnest($1::text[], $2::jsonb[]) AS x(id, skills) WHERE u.id = x.id`,
      [[...skills.keys()], [...skills.values()]],
    );
  }
  if (lastLogin.size > 0) {
    await tx.query(
      `UPDATE ${schema}.users u SET last_login_at = x.at
         FROM unnest($1::text[], $2::timestamptz[]) AS x(id, at) WHERE u.id = x.id`,
      [[...lastLogin.keys()], [...lastLogin.values()]],
    );
  }
}

/**
 * Who people are: the whole user for GET /auth/me, the profile and the dashboard, and who may read a
 * picture or a resume. The other read models show people (authors, posters, applicants, connections,
 * actors, suggestions) from cards they keep themselves from the same events (people-cards.ts), not from
 * the users table. Every statement sets absolute values, so a replayed event leaves the same row. Files
 * are kept by id only; their URLs are derived when read (file-urls.ts). A deleted account leaves nothing
 * here (its id stays in the erasure ledger, erasure.ts). When events are replayed after a deletion, the
 * person's sealed fields arrive as the erased stand-ins ('Deleted member'), and their AccountDeleted
 * removes the row those made.
 */
export const usersProjector = defineProjector({
  name: 'users',
  handles: eventsDecided(['user'], {
    handles: [
      'UserRegistered',
      'UserLoggedIn',
      'ProfileUpdated',
      'SkillsUpdated',
      'NotificationSettingsUpdated',
      'AppearanceSettingsUpdated',
      'ProfilePictureUploaded',
      'ProfilePictureRemoved',
      'ResumeUploaded',
      'ResumeRemoved',
      'AccountDeleted',
    ],
    // A person's saved jobs are the saved-jobs model's (saved-jobs/project.ts), their followed tags the
    // tag-follows model's.
    ignores: [
      'UserLoggedOut',
      'PasswordChanged',
      'NotificationsRead',
      'AllNotificationsRead',
      'JobSaved',
      'JobUnsaved',
      'TagFollowed',
      'TagUnfollowed',
      // Blocks are the messaging model's (messaging/project.ts).
      'PersonBlocked',
      'PersonUnblocked',
      // How job alerts are mailed: the notifications model's (notifications/mail-queue.ts).
      'JobAlertEmailsChosen',
    ],
  }),
  async apply(event, { tx, schema }) {
    const table = `${schema}.users`;
    switch (event.type) {
      // Written once, as a batch of one (applyBatch).
      case 'UserRegistered':
      case 'UserLoggedIn':
      case 'ProfileUpdated':
      case 'SkillsUpdated':
        return applyUsers([event], { tx, schema });
      case 'NotificationSettingsUpdated':
        await tx.query(`UPDATE ${table} SET notification_settings = $2 WHERE id = $1`, [
          event.data.userId,
          json(event.data.settings),
        ]);
        return;
      case 'AppearanceSettingsUpdated':
        await tx.query(`UPDATE ${table} SET appearance_settings = $2 WHERE id = $1`, [
          event.data.userId,
          json(event.data.settings),
        ]);
        return;
      case 'ProfilePictureUploaded': {
        const d = event.data;
        // The new picture replaces every other of this user's: once projected, those are no longer served.
        await tx.query(
          `UPDATE ${schema}.user_pictures SET retired = true WHERE user_id = $1 AND picture_id <> $2`,
          [d.userId, d.pictureId],
        );
        await tx.query(
          `INSERT INTO ${schema}.user_pictures (picture_id, user_id, uploaded_at) VALUES ($1, $2, $3)
           ON CONFLICT (picture_id) DO NOTHING`,
          [d.pictureId, d.userId, d.uploadedAt],
        );
        await tx.query(`UPDATE ${table} SET picture_id = $2 WHERE id = $1`, [d.userId, d.pictureId]);
        return;
      }
      case 'ProfilePictureRemoved':
        await tx.query(`UPDATE ${schema}.user_pictures SET retired = true WHERE user_id = $1`, [
          event.data.userId,
        ]);
        await tx.query(`UPDATE ${table} SET picture_id = NULL WHERE id = $1`, [event.data.userId]);
        return;
      case 'ResumeUploaded': {
        const { userId, ...resume } = event.data;
        await tx.query(`UPDATE ${table} SET resume = $2 WHERE id = $1`, [
          userId,
          json(resume satisfies StoredResume),
        ]);
        return;
      }
      case 'ResumeRemoved':
        await tx.query(`UPDATE ${table} SET resume = NULL WHERE id = $1`, [event.data.userId]);
        return;
      case 'AccountDeleted': {
        // Last on the person's stream: nothing of theirs follows here. Their row goes (names, email,
        // profile, resume, settings), with every picture id; the erasure ledger (erasure.ts) keeps the
        // id alone.
        const { userId } = event.data;
        await tx.query(`DELETE FROM ${table} WHERE id = $1`, [userId]);
        await tx.query(`DELETE FROM ${schema}.user_pictures WHERE user_id = $1`, [userId]);
        return;
      }
      default:
        return unhandled(event);
    }
  },
  batched: ['UserRegistered', 'UserLoggedIn', 'ProfileUpdated', 'SkillsUpdated'],
  applyBatch: (events, ctx) => applyUsers(events, ctx),
  async reset({ tx, schema }) {
    await tx.query(`TRUNCATE ${schema}.users, ${schema}.user_pictures`);
  },
});

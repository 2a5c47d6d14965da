import { eventsDecided } from '@careers/contracts/events/event-table';
import { peopleCards } from '../people-cards.ts';
import { defineProjector } from '../projector.ts';

/** Everyone with an account, as people search shows them (people-cards.ts, migration 027). */
export const directory = peopleCards('people_directory', ['email', 'phone', 'bio', 'location', 'skills']);

/** The events the directory is made of (and so what moves peopleSearchVersion). */
export const directoryEvents = [
  'UserRegistered',
  'ProfileUpdated',
  'SkillsUpdated',
  'ProfilePictureUploaded',
  'ProfilePictureRemoved',
  'AccountDeleted',
] as const;

/**
 * The people directory: a row per person from their registration, set anew by their profile, skills
 * and picture events, gone at their AccountDeleted, so a deleted account is never found. Every event
 * is written by the cards kit, for one event or a run of them alike.
 */
export const peopleProjector = defineProjector({
  name: 'people',
  handles: eventsDecided(['user'], {
    handles: directoryEvents,
    ignores: [
      'UserLoggedIn',
      'UserLoggedOut',
      'PasswordChanged',
      'NotificationSettingsUpdated',
      'AppearanceSettingsUpdated',
      'ResumeUploaded',
      'ResumeRemoved',
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
  apply: (event, ctx) => directory.apply([event], ctx),
  batched: ['UserRegistered', 'ProfileUpdated', 'SkillsUpdated'],
  applyBatch: (events, ctx) => directory.apply(events, ctx),
  reset: (ctx) => directory.reset(ctx),
});

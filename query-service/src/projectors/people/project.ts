import { eventsDecided } from '@careers/contracts/events/event-table';
import { peopleCards } from '../people-cards.ts';
import { defineProjector } from '../projector.ts';
import { indexPeople, peopleIndex } from './search-index.ts';

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
 * is written by the cards kit, for one event or a run of them alike, and then each person's document
 * in the search engine as their row now is (search-index.ts), which is how people are found.
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
  async apply(event, ctx) {
    await directory.apply([event], ctx);
    await indexPeople(ctx, [event]);
  },
  batched: ['UserRegistered', 'ProfileUpdated', 'SkillsUpdated'],
  async applyBatch(events, ctx) {
    await directory.apply(events, ctx);
    await indexPeople(ctx, events);
  },
  async reset(ctx) {
    await directory.reset(ctx);
    await peopleIndex(ctx.search, ctx.schema).remove();
  },
});

import { z } from 'zod';
import { Id, IsoDateTime } from '../entities/scalars.ts';
import { User } from '../entities/user.ts';
import { JobAlertEmails } from '../mail.ts';
import { defineEvent } from './define-event.ts';
import {
  EventAppearanceSettings,
  EventJobPreferences,
  EventLocation,
  EventNotificationSettings,
  EventUserSkill,
} from './event-fields.ts';
import { exampleIds } from './example-ids.ts';
import { sealedV1 } from './sealed-v1.ts';

/**
 * Events of the `user` stream (stream id = userId). No password, hash, session id, token or IP ever
 * appears here: every data schema is strict.
 */

const at = '2025-01-15T09:30:00.000Z';
const userId = exampleIds.user;

export const UserRegisteredData = z.strictObject({
  userId: Id,
  ...User.pick({ firstName: true, lastName: true, email: true, accountType: true }).shape,
  registeredAt: IsoDateTime,
});

export const UserLoggedInData = z.strictObject({ userId: Id, at: IsoDateTime });
export const UserLoggedOutData = z.strictObject({ userId: Id, at: IsoDateTime });
export const PasswordChangedData = z.strictObject({ userId: Id, changedAt: IsoDateTime });

/** The whole editable profile after the change (fields not sent keep their previous values). */
export const ProfileUpdatedData = z.strictObject({
  userId: Id,
  ...User.pick({ firstName: true, lastName: true, email: true, phone: true, bio: true, jobTitle: true })
    .shape,
  location: EventLocation,
  jobPreferences: EventJobPreferences,
});

export const SkillsUpdatedData = z.strictObject({ userId: Id, skills: z.array(EventUserSkill) });
export const NotificationSettingsUpdatedData = z.strictObject({
  userId: Id,
  settings: EventNotificationSettings,
});
export const AppearanceSettingsUpdatedData = z.strictObject({
  userId: Id,
  settings: EventAppearanceSettings,
});

/**
 * Uploads are named by server-generated ids only: no object key, bucket, URL or credential travels in
 * an event. The object-storage layout (`storageKeys` in the command-service) is derived from the ids.
 */
export const ProfilePictureUploadedData = z.strictObject({
  userId: Id,
  /** Names both stored sizes (large and avatar), both re-encoded as WebP. */
  pictureId: Id,
  /** Bytes of the large size. */
  size: z.number().int().nonnegative(),
  uploadedAt: IsoDateTime,
});
export const ProfilePictureRemovedData = z.strictObject({ userId: Id });
export const ResumeUploadedData = z.strictObject({
  userId: Id,
  resumeId: Id,
  /** The uploader's file name made safe (letters, digits, dot, dash, underscore; ends in .pdf). */
  filename: z.string().min(1),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  uploadedAt: IsoDateTime,
});
export const ResumeRemovedData = z.strictObject({ userId: Id });

/** Marking notifications read is the only notification command; notifications themselves are a read model. */
export const NotificationsReadData = z.strictObject({
  userId: Id,
  /** The notifications named; any that are not this user's change nothing. */
  notificationIds: z.array(Id),
  readAt: IsoDateTime,
});
export const AllNotificationsReadData = z.strictObject({
  userId: Id,
  /** Every notification of the user made at or before this instant is read. */
  upTo: IsoDateTime,
});

/** Stand-ins for the personal fields of a person whose key is gone: nothing of theirs, valid for the schemas. */
const erasedText = () => '';
const erasedName = {
  firstName: () => 'Deleted',
  lastName: () => 'member',
  email: (subjectId: string) => `erased-${subjectId}@erased.invalid`,
};
const emptyPreferences = () => ({
  roles: [],
  preferredLocation: null,
  salaryExpectation: { min: null, max: null, currency: 'USD' },
});

export const AccountDeletedData = z.strictObject({ userId: Id, deletedAt: IsoDateTime });

/** A person saved a job for later (the person's own list; nobody else is told). */
export const JobSavedData = z.strictObject({ userId: Id, jobId: Id, savedAt: IsoDateTime });
/** A person took a job off their saved list. */
export const JobUnsavedData = z.strictObject({ userId: Id, jobId: Id, unsavedAt: IsoDateTime });
/** A person blocked another: no new messages between them either way. */
export const PersonBlockedData = z.strictObject({ userId: Id, blockedUserId: Id, blockedAt: IsoDateTime });
/** A person lifted their block of another. */
export const PersonUnblockedData = z.strictObject({
  userId: Id,
  blockedUserId: Id,
  unblockedAt: IsoDateTime,
});
/** How a person wants job alerts mailed: each as it comes, or in a daily digest (the default). */
export const JobAlertEmailsChosenData = z.strictObject({
  userId: Id,
  jobAlertEmails: JobAlertEmails,
  chosenAt: IsoDateTime,
});
/** A person started following a tag (spelled as they asked for it; tags compare by `tagKey`). */
export const TagFollowedData = z.strictObject({
  userId: Id,
  tag: z.string(),
  followedAt: IsoDateTime,
});
/** A person stopped following a tag. */
export const TagUnfollowedData = z.strictObject({
  userId: Id,
  tag: z.string(),
  unfollowedAt: IsoDateTime,
});

export const userEvents = {
  UserRegistered: defineEvent({
    streamType: 'user',
    schemaVersion: 2,
    data: UserRegisteredData,
    description: 'A person created an account. Settings start at the documented defaults.',
    personalData: { subject: 'userId', erased: erasedName },
    previousVersions: [sealedV1(UserRegisteredData)],
    example: {
      userId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      accountType: 'job_seeker',
      registeredAt: at,
    },
  }),
  UserLoggedIn: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: UserLoggedInData,
    description: 'A user signed in. For analytics only: it carries no IP address or session.',
    example: { userId, at },
  }),
  UserLoggedOut: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: UserLoggedOutData,
    description: 'A user signed out.',
    example: { userId, at },
  }),
  PasswordChanged: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: PasswordChangedData,
    description: "A user changed their password. The user's other sessions were ended.",
    example: { userId, changedAt: at },
  }),
  ProfileUpdated: defineEvent({
    streamType: 'user',
    schemaVersion: 2,
    data: ProfileUpdatedData,
    personalData: {
      subject: 'userId',
      erased: {
        ...erasedName,
        phone: erasedText,
        bio: erasedText,
        jobTitle: erasedText,
        location: () => ({ city: '', state: '', country: '' }),
        jobPreferences: emptyPreferences,
      },
    },
    previousVersions: [sealedV1(ProfileUpdatedData)],
    description: 'A user saved their profile; the data is the whole profile after the change.',
    example: {
      userId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0958',
      bio: 'Analyst of engines.',
      jobTitle: 'Mathematician',
      location: { city: 'London', state: '', country: 'United Kingdom' },
      jobPreferences: {
        roles: ['Data Scientist'],
        preferredLocation: 'Hybrid',
        salaryExpectation: { min: 90000, max: 120000, currency: 'USD' },
      },
    },
  }),
  SkillsUpdated: defineEvent({
    streamType: 'user',
    schemaVersion: 2,
    data: SkillsUpdatedData,
    personalData: { subject: 'userId', erased: { skills: () => [] } },
    previousVersions: [sealedV1(SkillsUpdatedData)],
    description: "A user's skill list was replaced; the data is the whole list after the change.",
    example: { userId, skills: [{ name: 'TypeScript', proficiency: 'Advanced', experience: 4 }] },
  }),
  NotificationSettingsUpdated: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: NotificationSettingsUpdatedData,
    description: 'A user saved their notification toggles (all six).',
    example: {
      userId,
      settings: {
        emailNotifications: true,
        pushNotifications: false,
        jobAlerts: true,
        connectionRequests: true,
        applicationUpdates: true,
        marketingEmails: false,
      },
    },
  }),
  AppearanceSettingsUpdated: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: AppearanceSettingsUpdatedData,
    description: 'A user saved their theme, language and timezone.',
    example: { userId, settings: { theme: 'dark', language: 'fr', timezone: 'UTC' } },
  }),
  ProfilePictureUploaded: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: ProfilePictureUploadedData,
    description: 'A user uploaded a profile picture (it replaces any previous one).',
    example: {
      userId,
      pictureId: '01936b40-0000-7000-8000-000000000001',
      size: 48213,
      uploadedAt: at,
    },
  }),
  ProfilePictureRemoved: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: ProfilePictureRemovedData,
    description: 'A user removed their profile picture.',
    example: { userId },
  }),
  ResumeUploaded: defineEvent({
    streamType: 'user',
    schemaVersion: 2,
    data: ResumeUploadedData,
    personalData: { subject: 'userId', erased: { filename: () => 'erased.pdf' } },
    previousVersions: [sealedV1(ResumeUploadedData)],
    description: 'A user uploaded a PDF resume (it replaces any previous one).',
    example: {
      userId,
      resumeId: '01936b41-0000-7000-8000-000000000002',
      filename: 'ada-lovelace-resume.pdf',
      size: 183402,
      uploadedAt: at,
    },
  }),
  ResumeRemoved: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: ResumeRemovedData,
    description: 'A user removed their resume.',
    example: { userId },
  }),
  NotificationsRead: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: NotificationsReadData,
    description: 'A user marked some of their notifications read.',
    example: { userId, notificationIds: ['01936b50-0000-7000-8000-000000000003'], readAt: at },
  }),
  AllNotificationsRead: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: AllNotificationsReadData,
    description: 'A user marked all their notifications read.',
    example: { userId, upTo: at },
  }),
  JobSaved: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: JobSavedData,
    description:
      'A user saved a job for later. Saving a job already saved records nothing; the job may close afterwards and stays saved.',
    example: { userId, jobId: '01936b50-0000-7000-8000-000000000010', savedAt: at },
  }),
  JobUnsaved: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: JobUnsavedData,
    description: 'A user took a job off their saved list.',
    example: { userId, jobId: '01936b50-0000-7000-8000-000000000010', unsavedAt: at },
  }),
  PersonBlocked: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: PersonBlockedData,
    description:
      'A user blocked another: neither can send the other a message while the block holds; the blocked person is told nothing. Blocking twice records nothing.',
    example: { userId, blockedUserId: exampleIds.otherUser, blockedAt: at },
  }),
  PersonUnblocked: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: PersonUnblockedData,
    description: 'A user lifted their block of another.',
    example: { userId, blockedUserId: exampleIds.otherUser, unblockedAt: at },
  }),
  JobAlertEmailsChosen: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: JobAlertEmailsChosenData,
    description:
      "A user chose how job alerts are mailed to them: 'instant' (each as it comes) or 'daily' (a digest at 08:00 in their time zone). Each save is recorded.",
    example: { userId, jobAlertEmails: 'instant', chosenAt: at },
  }),
  TagFollowed: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: TagFollowedData,
    // Sealed: the tags a person follows say what they care about.
    personalData: { subject: 'userId', erased: { tag: () => '' } },
    description:
      'A user followed a tag: posts carrying it join their Following feed. Following a tag already followed records nothing; at most 100 per person.',
    example: { userId, tag: 'SoftwareTesting', followedAt: at },
  }),
  TagUnfollowed: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: TagUnfollowedData,
    personalData: { subject: 'userId', erased: { tag: () => '' } },
    description: 'A user stopped following a tag.',
    example: { userId, tag: 'SoftwareTesting', unfollowedAt: at },
  }),
  AccountDeleted: defineEvent({
    streamType: 'user',
    schemaVersion: 1,
    data: AccountDeletedData,
    description:
      'The person deleted their account. Their key is destroyed with it, so every sealed field they were the subject of is unreadable for good. Their posts, comments, likes, connections, open applications and open jobs were ended by events of their own streams just before, in the same transaction; read models drop everything else of theirs.',
    example: { userId, deletedAt: '2025-03-01T10:00:00.000Z' },
  }),
} as const;

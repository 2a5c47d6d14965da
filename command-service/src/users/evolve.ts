import { fileUrls } from '@careers/contracts/api/file-routes';
import type { User } from '@careers/contracts/entities/user';
import type { NewDomainEvent } from '@careers/contracts/events/catalogue';
import { registeredUser } from '@careers/contracts/user-defaults';

/**
 * The user as its events leave it (pure). The write side keeps this beside the password hash so sign-in
 * and settings can answer with the whole user; the read side builds the same user from the same events.
 * Events that change nothing the user shows (sign-ins, password changes) return it unchanged.
 */
export function evolveUser(user: User | null, event: NewDomainEvent): User {
  if (event.type === 'UserRegistered') return registeredUser(event.data);
  if (!user) throw new Error(`${event.type} before UserRegistered`);
  switch (event.type) {
    case 'ProfileUpdated': {
      const { userId: _, ...profile } = event.data;
      return { ...user, ...profile };
    }
    case 'SkillsUpdated':
      return { ...user, skills: event.data.skills };
    case 'NotificationSettingsUpdated':
      return { ...user, notificationSettings: event.data.settings };
    case 'AppearanceSettingsUpdated':
      return { ...user, appearanceSettings: event.data.settings };
    case 'ProfilePictureUploaded': {
      const { pictureId } = event.data;
      return {
        ...user,
        profilePicture: {
          url: fileUrls.picture(pictureId, 'large'),
          avatarUrl: fileUrls.picture(pictureId, 'avatar'),
        },
      };
    }
    case 'ProfilePictureRemoved':
      return { ...user, profilePicture: null };
    case 'ResumeUploaded': {
      const { resumeId, filename, size, uploadedAt } = event.data;
      return { ...user, resume: { filename, url: fileUrls.resume(resumeId), size, uploadedAt } };
    }
    case 'ResumeRemoved':
      return { ...user, resume: null };
    default:
      return user;
  }
}

export function foldUser(user: User | null, events: readonly NewDomainEvent[]): User | null {
  return events.reduce<User | null>((state, event) => evolveUser(state, event), user);
}

/** The ids of the files a user has now, as the write side keeps them (the sweeper keeps these). */
export interface UserFiles {
  pictureId: string | null;
  resumeId: string | null;
}

export const noFiles: UserFiles = { pictureId: null, resumeId: null };

export function evolveUserFiles(files: UserFiles, event: NewDomainEvent): UserFiles {
  switch (event.type) {
    case 'ProfilePictureUploaded':
      return { ...files, pictureId: event.data.pictureId };
    case 'ProfilePictureRemoved':
      return { ...files, pictureId: null };
    case 'ResumeUploaded':
      return { ...files, resumeId: event.data.resumeId };
    case 'ResumeRemoved':
      return { ...files, resumeId: null };
    default:
      return files;
  }
}

/** A command's view of a user stream: the user (null before registration) and the version it reflects. */
export interface UserStream {
  user: User | null;
  files: UserFiles;
  version: number;
}

/** The events fold into the user and move the stream on; whatever else the state holds is kept. */
export function evolveUserStream<S extends UserStream>(state: S, events: readonly NewDomainEvent[]): S {
  return {
    ...state,
    user: foldUser(state.user, events),
    files: events.reduce(evolveUserFiles, state.files),
    version: state.version + events.length,
  } as S;
}

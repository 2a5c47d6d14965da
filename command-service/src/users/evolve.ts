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
    case 'ProfilePictureUploaded':
      return { ...user, profilePicture: { url: event.data.url } };
    case 'ProfilePictureRemoved':
      return { ...user, profilePicture: null };
    case 'ResumeRemoved':
      return { ...user, resume: null };
    default:
      return user;
  }
}

export function foldUser(user: User | null, events: readonly NewDomainEvent[]): User | null {
  return events.reduce<User | null>((state, event) => evolveUser(state, event), user);
}

/** A command's view of a user stream: the user (null before registration) and the version it reflects. */
export interface UserStream {
  user: User | null;
  version: number;
}

/** The events fold into the user and move the stream on; whatever else the state holds is kept. */
export function evolveUserStream<S extends UserStream>(state: S, events: readonly NewDomainEvent[]): S {
  return { ...state, user: foldUser(state.user, events), version: state.version + events.length } as S;
}

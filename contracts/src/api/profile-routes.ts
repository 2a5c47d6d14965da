import { z } from 'zod';
import { uploadLimits } from '../constants.ts';
import { ProfilePicture, ResumeFile } from '../entities/uploaded-files.ts';
import { User } from '../entities/user.ts';
import { UnsubscribeParams, UnsubscribeRequest } from '../requests/unsubscribe.ts';
import { UpdateAppearanceRequest } from '../requests/update-appearance.ts';
import { UpdateNotificationsRequest } from '../requests/update-notifications.ts';
import { UpdateProfileRequest } from '../requests/update-profile.ts';
import { UpdateSkillsRequest } from '../requests/update-skills.ts';
import { defineRoute } from './define-route.ts';
import { dataResponse, MessageResponse } from './responses.ts';

/**
 * The profile updates answer with the user fields they changed, so the client merges `data` into its
 * user (`{ ...user, ...data }`).
 */
export const ProfileFields = User.pick({
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  bio: true,
  jobTitle: true,
  location: true,
  jobPreferences: true,
  skills: true,
});
export type ProfileFields = z.infer<typeof ProfileFields>;

export const profileRoutes = {
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/users/profile',
    service: 'command',
    auth: 'required',
    body: UpdateProfileRequest,
    status: 200,
    response: dataResponse(ProfileFields),
    summary: 'Saves the profile form.',
  }),
  updateSkills: defineRoute({
    method: 'PUT',
    path: '/users/skills',
    service: 'command',
    auth: 'required',
    body: UpdateSkillsRequest,
    status: 200,
    response: dataResponse(User.pick({ skills: true })),
    summary: "Replaces the user's skill list.",
  }),
  updateNotifications: defineRoute({
    method: 'PUT',
    path: '/users/notifications',
    service: 'command',
    auth: 'required',
    body: UpdateNotificationsRequest,
    status: 200,
    response: dataResponse(User.pick({ notificationSettings: true })),
    summary: 'Saves the six notification toggles.',
  }),
  /**
   * A mail's one-click unsubscribe (beyond the spec; RFC 8058): the signed token in the path names the
   * person and the kind of mail, whose toggle it turns off, without a session. Mail clients POST
   * `List-Unsubscribe=One-Click` as a form; the unsubscribe page posts `{}`.
   */
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/unsubscribe/:token',
    service: 'command',
    auth: 'public',
    params: UnsubscribeParams,
    body: UnsubscribeRequest,
    status: 200,
    response: MessageResponse,
    summary: 'Turns off the notification toggle of the kind of mail a signed unsubscribe link names.',
  }),
  updateAppearance: defineRoute({
    method: 'PUT',
    path: '/users/appearance',
    service: 'command',
    auth: 'required',
    body: UpdateAppearanceRequest,
    status: 200,
    response: dataResponse(User.pick({ appearanceSettings: true })),
    summary: 'Saves theme, language and timezone.',
  }),
  uploadProfilePicture: defineRoute({
    method: 'POST',
    path: '/users/profile-picture',
    service: 'command',
    auth: 'required',
    body: null,
    multipart: uploadLimits.profilePicture,
    status: 200,
    response: z.object({ profilePicture: ProfilePicture }),
    summary: 'Uploads a profile picture (multipart field profilePicture).',
  }),
  removeProfilePicture: defineRoute({
    method: 'DELETE',
    path: '/users/profile-picture',
    service: 'command',
    auth: 'required',
    body: null,
    status: 200,
    response: MessageResponse,
    summary: 'Removes the profile picture.',
  }),
  uploadResume: defineRoute({
    method: 'POST',
    path: '/users/resume',
    service: 'command',
    auth: 'required',
    body: null,
    multipart: uploadLimits.resume,
    status: 200,
    response: z.object({ resume: ResumeFile }),
    summary: 'Uploads a PDF resume (multipart field resume).',
  }),
  removeResume: defineRoute({
    method: 'DELETE',
    path: '/users/resume',
    service: 'command',
    auth: 'required',
    body: null,
    status: 200,
    response: MessageResponse,
    summary: 'Removes the resume.',
  }),
  getResume: defineRoute({
    method: 'GET',
    path: '/users/resume',
    service: 'query',
    auth: 'required',
    status: 200,
    response: z.object({ resume: ResumeFile.nullable() }),
    summary: "The user's resume, or null when none is uploaded.",
  }),
} as const;

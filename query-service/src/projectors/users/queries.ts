import type { User } from '@careers/contracts/entities/user';
import type { Pool } from '@careers/service-kit';
import { profilePictureOf, resumeFileOf, type StoredResume } from '../file-urls.ts';

interface UserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  bio: string;
  // Only values that passed the event schemas reach these columns.
  account_type: User['accountType'];
  job_title: string;
  picture_id: string | null;
  resume: StoredResume | null;
  location: User['location'];
  skills: User['skills'];
  job_preferences: User['jobPreferences'];
  notification_settings: User['notificationSettings'];
  appearance_settings: User['appearanceSettings'];
  registered_at: Date;
}

const toUser = (r: UserRow): User => ({
  _id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  phone: r.phone,
  bio: r.bio,
  accountType: r.account_type,
  jobTitle: r.job_title,
  profilePicture: profilePictureOf(r.picture_id),
  resume: r.resume && resumeFileOf(r.resume, r.resume.uploadedAt),
  location: r.location,
  skills: r.skills,
  jobPreferences: r.job_preferences,
  notificationSettings: r.notification_settings,
  appearanceSettings: r.appearance_settings,
  createdAt: r.registered_at.toISOString(),
});

/** SQL selecting what the profile's completion is worked out from, for the user `param`. */
export function completionFieldsOf(schema: string, param: string): string {
  return `SELECT first_name, last_name, bio, location, skills, resume FROM ${schema}.users WHERE id = ${param}`;
}

/** The only reader of the users read model. */
export async function findUser(pool: Pool, schema: string, userId: string): Promise<User | null> {
  const { rows } = await pool.query<UserRow>(`SELECT * FROM ${schema}.users WHERE id = $1`, [userId]);
  return rows[0] ? toUser(rows[0]) : null;
}

/**
 * Where a picture stands: `current` while it is someone's picture, `retired` once replaced or removed
 * (never served again), `unknown` when no ProfilePictureUploaded naming it has been projected.
 */
export async function pictureStanding(
  pool: Pool,
  schema: string,
  pictureId: string,
): Promise<'current' | 'retired' | 'unknown'> {
  const { rows } = await pool.query<{ retired: boolean }>(
    `SELECT retired FROM ${schema}.user_pictures WHERE picture_id = $1`,
    [pictureId],
  );
  const row = rows[0];
  if (!row) return 'unknown';
  return row.retired ? 'retired' : 'current';
}

/** The user whose current resume `resumeId` is, with its file name, or null. */
export async function currentResumeOwner(
  pool: Pool,
  schema: string,
  resumeId: string,
): Promise<{ ownerId: string; filename: string } | null> {
  const { rows } = await pool.query<{ id: string; filename: string }>(
    `SELECT id, resume ->> 'filename' AS filename FROM ${schema}.users WHERE resume ->> 'resumeId' = $1`,
    [resumeId],
  );
  const row = rows[0];
  return row ? { ownerId: row.id, filename: row.filename } : null;
}

import type { User } from '@careers/contracts/entities/user';
import type { Pool } from '@careers/service-kit';

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
  profile_picture: User['profilePicture'];
  resume: User['resume'];
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
  profilePicture: r.profile_picture,
  resume: r.resume,
  location: r.location,
  skills: r.skills,
  jobPreferences: r.job_preferences,
  notificationSettings: r.notification_settings,
  appearanceSettings: r.appearance_settings,
  createdAt: r.registered_at.toISOString(),
});

/** The only reader of the users read model. */
export async function findUser(pool: Pool, schema: string, userId: string): Promise<User | null> {
  const { rows } = await pool.query<UserRow>(`SELECT * FROM ${schema}.users WHERE id = $1`, [userId]);
  return rows[0] ? toUser(rows[0]) : null;
}

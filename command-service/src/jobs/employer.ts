import type { JobEmployer } from '@careers/contracts/entities/job';
import type { PoolClient } from '@careers/service-kit';
import type { UserStore } from '../users/store.ts';

/**
 * A job's poster as jobs and applications show them, from their write-side user record: read when a
 * reply needs it rather than kept on the job, so a poster who changed their name shows the new one.
 */
export async function findJobEmployer(
  users: UserStore,
  db: Pick<PoolClient, 'query'>,
  userId: string,
): Promise<JobEmployer | null> {
  const record = await users.find(db, userId);
  if (!record) return null;
  const { _id, firstName, lastName } = record.user;
  return { _id, firstName, lastName };
}

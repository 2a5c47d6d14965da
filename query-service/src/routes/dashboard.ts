import type { User } from '@careers/contracts/entities/user';
import { profileCompletion } from '@careers/contracts/profile-completion';
import { routes } from '@careers/contracts/routes';
import { connectionCountOf } from '../projectors/connections/queries.ts';
import { resumeFileOf, type StoredResume } from '../projectors/file-urls.ts';
import { listedJobsCount } from '../projectors/jobs/queries.ts';
import { timelineKeys } from '../projectors/timelines/keys.ts';
import { completionFieldsOf } from '../projectors/users/queries.ts';
import type { QueryRouteDeps } from './deps.ts';
import { registerQuery } from './register-query.ts';

interface StatsRow {
  total_jobs: number;
  total_connections: number;
  first_name: string | null;
  last_name: string | null;
  bio: string | null;
  location: User['location'] | null;
  skills: User['skills'] | null;
  resume: StoredResume | null;
}

/**
 * GET /api/dashboard/stats: the four stat cards in one round trip (one statement, and the home
 * timeline's size from Redis beside it). Each count is the total the list behind it would report for
 * this reader: every listed job (closed ones stay listed), the accepted connections with the other
 * person known (as the connections list shows them), and the posts of the reader's network feed (the
 * dashboard's Recent Activity reads that feed). Not cached: every part is the reader's own, read
 * through indexes, but for the jobs, a sum of counts the jobs model keeps. Each part is SQL from the
 * model that owns it, put together in one statement.
 */
export function registerDashboardQueries(deps: QueryRouteDeps): void {
  const { pool, redis, schema: s } = deps;
  registerQuery(deps, routes.getDashboardStats, async ({ viewerId }) => {
    const [{ rows }, totalPosts] = await Promise.all([
      pool.query<StatsRow>(
        `SELECT (${listedJobsCount(s)}) AS total_jobs,
                (${connectionCountOf(s, '$1')}) AS total_connections,
                u.first_name, u.last_name, u.bio, u.location, u.skills, u.resume
           FROM (SELECT 1) one LEFT JOIN LATERAL (${completionFieldsOf(s, '$1')}) u ON true`,
        [viewerId],
      ),
      redis.zcard(timelineKeys.home(viewerId)),
    ]);
    const row = rows[0];
    const completion =
      row?.first_name == null
        ? 0
        : profileCompletion({
            firstName: row.first_name,
            lastName: row.last_name ?? '',
            bio: row.bio ?? '',
            location: row.location ?? { city: '', state: '', country: '' },
            skills: row.skills ?? [],
            resume: row.resume && resumeFileOf(row.resume, row.resume.uploadedAt),
          });
    return {
      data: {
        totalJobs: row?.total_jobs ?? 0,
        totalConnections: row?.total_connections ?? 0,
        totalPosts,
        profileCompletion: completion,
      },
    };
  });
}

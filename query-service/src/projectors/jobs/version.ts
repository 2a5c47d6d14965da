import type { ReadModelVersion } from '../projector.ts';

/**
 * What GET /api/jobs answers from: the jobs rows, each job's standing application ids (a submission, a
 * withdrawal and a status change can each add or drop one), and the poster's name (the card the jobs
 * model keeps of them). Nothing in it depends on who reads it. Likes, comments, logins and settings
 * leave it alone. An account deletion takes the poster's name and the person's applications away.
 */
export const jobsListVersion: ReadModelVersion = {
  key: 'projections:jobs:version',
  changedBy: [
    'JobPosted',
    'JobClosed',
    'ApplicationSubmitted',
    'ApplicationStatusChanged',
    'ApplicationWithdrawn',
    'UserRegistered',
    'ProfileUpdated',
    'AccountDeleted',
  ],
};

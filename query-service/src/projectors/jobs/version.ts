import type { ReadModelVersion } from '../projector.ts';

/**
 * What GET /api/jobs answers from: the jobs rows, each job's standing application ids (a submission, a
 * withdrawal and a status change can each add or drop one), and the poster's name (the card the jobs
 * model keeps of them). Nothing in it depends on who reads it. Likes, comments, logins and settings
 * leave it alone. An account deletion takes the poster's name and the person's applications away. An
 * edit replaces a job's posting: what a list finds, filters, counts and shows of it, and its company
 * (the site search's companies, siteSearchVersion, follow this version). A job's own page
 * (GET /api/jobs/:id) and the company page are not cached: they read the rows as they are.
 */
export const jobsListVersion: ReadModelVersion = {
  key: 'projections:jobs:version',
  changedBy: [
    'JobPosted',
    'JobEdited',
    'JobClosed',
    'ApplicationSubmitted',
    'ApplicationStatusChanged',
    'ApplicationWithdrawn',
    'UserRegistered',
    'ProfileUpdated',
    'AccountDeleted',
  ],
};

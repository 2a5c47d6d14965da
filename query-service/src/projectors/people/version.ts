import type { ReadModelVersion } from '../projector.ts';

/**
 * What people search answers from: the people directory (names, job titles, places, skills, pictures),
 * the same for every reader. Posts, connections, jobs and settings leave it alone.
 */
export const peopleSearchVersion: ReadModelVersion = {
  key: 'projections:people:version',
  changedBy: [
    'UserRegistered',
    'ProfileUpdated',
    'SkillsUpdated',
    'ProfilePictureUploaded',
    'ProfilePictureRemoved',
    'AccountDeleted',
  ],
};

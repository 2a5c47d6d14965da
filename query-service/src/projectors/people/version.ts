import type { ReadModelVersion } from '../projector.ts';
import { directoryEvents } from './project.ts';

/**
 * What people search answers from: the people directory (names, job titles, places, skills, pictures),
 * the same for every reader, changed by exactly the events the directory is made of. Posts,
 * connections, jobs and settings leave it alone.
 */
export const peopleSearchVersion: ReadModelVersion = {
  key: 'projections:people:version',
  changedBy: directoryEvents,
};

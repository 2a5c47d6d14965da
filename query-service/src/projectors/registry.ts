import { applicationsProjector } from './applications/project.ts';
import { connectionsProjector } from './connections/project.ts';
import { jobsProjector } from './jobs/project.ts';
import { postsProjector } from './posts/project.ts';
import type { Projector } from './projector.ts';
import { timelinesProjector } from './timelines/project.ts';
import { usersProjector } from './users/project.ts';

/** Every read model the projector process maintains. Order matters only within one event. */
export const projectors: readonly Projector[] = [
  usersProjector,
  connectionsProjector,
  postsProjector,
  timelinesProjector,
  jobsProjector,
  applicationsProjector,
];

import { applicationsProjector } from './applications/project.ts';
import { connectionsProjector } from './connections/project.ts';
import { erasureLedger } from './erasure.ts';
import { jobsProjector } from './jobs/project.ts';
import { jobsListVersion } from './jobs/version.ts';
import { messagingProjector } from './messaging/project.ts';
import { notificationsProjector } from './notifications/project.ts';
import { peopleProjector } from './people/project.ts';
import { peopleSearchVersion } from './people/version.ts';
import { postsProjector } from './posts/project.ts';
import type { Projector, ReadModelVersion } from './projector.ts';
import { savedJobsProjector } from './saved-jobs/project.ts';
import { suggestionsProjector } from './suggestions/project.ts';
import { tagFollowsProjector } from './tag-follows/project.ts';
import { timelinesProjector } from './timelines/project.ts';
import { usersProjector } from './users/project.ts';
import { feedVersion, networkVersion, siteSearchVersion } from './version-scopes.ts';

/** Every read model the projector process maintains. Order matters only within one event. */
export const projectors: readonly Projector[] = [
  // First: every model applying a batch with an AccountDeleted sees it in the ledger.
  erasureLedger,
  usersProjector,
  // Timelines and suggestions keep their own copies of what they need of the network, the posts and
  // the followed tags, so where they stand beside the connections, posts and tag-follows read models
  // does not matter.
  timelinesProjector,
  connectionsProjector,
  postsProjector,
  jobsProjector,
  applicationsProjector,
  savedJobsProjector,
  tagFollowsProjector,
  suggestionsProjector,
  peopleProjector,
  messagingProjector,
  // Last: what it reads of the same batch it keeps itself (the posts' authors, the jobs' titles, the
  // people it shows and tells).
  notificationsProjector,
];

/** The versions of cached views narrower than "any read model" (PROJECTIONS_VERSION_KEY). */
export const readModelVersions: readonly ReadModelVersion[] = [
  jobsListVersion,
  feedVersion,
  networkVersion,
  peopleSearchVersion,
  siteSearchVersion,
];

import { z } from 'zod';
import { ApplicationStatus, ConnectionStatus, PostVisibility } from '../entities/enums.ts';
import { Id, IsoDateTime } from '../entities/scalars.ts';
import { User } from '../entities/user.ts';

/**
 * `POST /auth/export`: everything the product holds about the signed-in person, built by replaying the
 * events they are the subject or the actor of, with their sealed personal fields opened. The `events`
 * list is the record itself; the other parts are it summed up for people.
 */
export const ExportedEvent = z.object({
  id: Id,
  type: z.string(),
  streamType: z.string(),
  streamId: z.string(),
  occurredAt: IsoDateTime,
  data: z.record(z.string(), z.unknown()),
});

export const AccountExport = z.object({
  exportedAt: IsoDateTime,
  /** The account as its events leave it (no password, no session). */
  user: User,
  posts: z.array(
    z.object({ postId: Id, content: z.string(), visibility: PostVisibility, createdAt: IsoDateTime }),
  ),
  comments: z.array(z.object({ commentId: Id, postId: Id, content: z.string(), createdAt: IsoDateTime })),
  likes: z.array(z.object({ postId: Id, likedAt: IsoDateTime })),
  connections: z.array(
    z.object({ connectionId: Id, otherUserId: Id, status: ConnectionStatus, since: IsoDateTime }),
  ),
  applications: z.array(
    z.object({
      applicationId: Id,
      jobId: Id,
      status: ApplicationStatus,
      coverLetter: z.string(),
      expectedSalary: z.number().nullable(),
      appliedAt: IsoDateTime,
    }),
  ),
  jobsPosted: z.array(z.object({ jobId: Id, title: z.string(), closed: z.boolean(), postedAt: IsoDateTime })),
  events: z.array(ExportedEvent),
});
export type AccountExport = z.infer<typeof AccountExport>;

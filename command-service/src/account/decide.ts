import type { NewDomainEvent } from '@careers/contracts/events/catalogue';
import { canWithdrawFrom } from '@careers/contracts/policies/application-access';
import { type ApplicationState, decideWithdrawApplication } from '../applications/decide.ts';
import { type ConnectionState, decideRemove, decideRespond, decideWithdraw } from '../connections/decide.ts';
import { decideCloseJob, type JobState } from '../jobs/decide.ts';
import type { StreamPosition } from '../pipeline/command-pipeline.ts';
import { type Decision, isRefusal } from '../pipeline/domain-error.ts';
import type { PostState } from '../posts/decide.ts';

/** A post of someone else's that the person liked or commented on, as locked for the deletion. */
export interface TouchedPost {
  post: PostState;
  liked: boolean;
  /** The person's comments on it, oldest first. */
  commentIds: string[];
}

/** Everything of the person's that the deletion ends, each locked in the deletion's transaction. */
export interface AccountHoldings {
  userId: string;
  /** The user stream's version. */
  version: number;
  /** Posts they wrote. */
  ownPosts: PostState[];
  /** Other people's posts they liked or commented on. */
  touchedPosts: TouchedPost[];
  /** Their live relationships (pending either way, or accepted). */
  connections: ConnectionState[];
  /** Every application they sent, whatever its status. */
  applications: ApplicationState[];
  /** Their open jobs. */
  openJobs: JobState[];
}

/** One stream's part of the deletion: appended at the version it was locked at. */
export interface StreamEvents {
  stream: StreamPosition;
  events: NewDomainEvent[];
}

/** The other features' own decisions, made for the person: their states cannot refuse these. */
function certain(decision: Decision, what: string): NewDomainEvent[] {
  if (isRefusal(decision)) throw new Error(`account deletion: ${what} refused (${decision.message})`);
  return decision;
}

function endConnection(connection: ConnectionState, userId: string, now: Date): NewDomainEvent[] {
  const input = { connection, actorId: userId, now };
  if (connection.status === 'accepted') return certain(decideRemove(input), 'removing a connection');
  if (connection.requesterId === userId) return certain(decideWithdraw(input), 'withdrawing a request');
  return certain(decideRespond({ ...input, answer: 'rejected' }), 'declining a request');
}

/**
 * The events that delete an account, stream by stream, in the order they are appended: their posts
 * removed (likes and comments go with them); their comments removed from other people's posts (each
 * with the post's count after it) and their likes taken back; their connections ended (an accepted
 * one removed by them, a request they sent withdrawn, one they received declined); their open
 * applications withdrawn (answered ones stay as they are); their open jobs closed; and last, on their
 * own stream, AccountDeleted. Pure: the caller has locked every state named here.
 */
export function decideDeleteAccount(holdings: AccountHoldings, now: Date): StreamEvents[] {
  const at = now.toISOString();
  const { userId } = holdings;
  const streams: StreamEvents[] = [];

  for (const post of holdings.ownPosts) {
    streams.push({
      stream: { type: 'post', id: post.id, version: post.version },
      events: [{ type: 'PostRemoved', data: { postId: post.id, authorId: userId, removedAt: at } }],
    });
  }

  for (const { post, liked, commentIds } of holdings.touchedPosts) {
    const events: NewDomainEvent[] = [];
    let commentsCount = post.commentsCount;
    for (const commentId of commentIds) {
      commentsCount = Math.max(0, commentsCount - 1);
      events.push({
        type: 'CommentRemoved',
        data: { postId: post.id, commentId, authorId: userId, commentsCount, removedAt: at },
      });
    }
    if (liked) {
      events.push({
        type: 'PostUnliked',
        data: { postId: post.id, userId, likesCount: Math.max(0, post.likesCount - 1), unlikedAt: at },
      });
    }
    if (events.length > 0) {
      streams.push({ stream: { type: 'post', id: post.id, version: post.version }, events });
    }
  }

  for (const connection of holdings.connections) {
    streams.push({
      stream: { type: 'connection', id: connection.id, version: connection.version },
      events: endConnection(connection, userId, now),
    });
  }

  for (const application of holdings.applications) {
    if (!canWithdrawFrom(application.status)) continue;
    streams.push({
      stream: { type: 'application', id: application.id, version: application.version },
      events: certain(
        decideWithdrawApplication({ application, actorId: userId, now }),
        'withdrawing an application',
      ),
    });
  }

  for (const job of holdings.openJobs) {
    const events = certain(decideCloseJob({ job, actorId: userId, now }), 'closing a job');
    if (events.length > 0) {
      streams.push({ stream: { type: 'job', id: job.id, version: job.version }, events });
    }
  }

  streams.push({
    stream: { type: 'user', id: userId, version: holdings.version },
    events: [{ type: 'AccountDeleted', data: { userId, deletedAt: at } }],
  });
  return streams;
}

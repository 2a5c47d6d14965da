import type { DomainEvent, DomainEventType } from '@careers/contracts/events/catalogue';
import type { EventOfType } from '@careers/contracts/events/event-table';
import type { PoolClient, Redis } from '@careers/service-kit';
import type { SearchEngine } from '../search-engine.ts';
import type { ReplayMemory } from './replay-memory.ts';

type ChainableCommander = ReturnType<Redis['multi']>;

export interface ProjectionContext {
  /** The batch's Postgres transaction: read-model rows and the checkpoint commit together. */
  tx: PoolClient;
  /** Quoted read schema, e.g. "read". */
  schema: string;
  /** Redis writes, run just before the Postgres commit. They must be absolute or idempotent (SET, ZADD, SADD). */
  redis: ChainableCommander;
  /**
   * Work for after the batch's commit, never before it: telling others of what the batch changed (the
   * notification pushes), so nobody is told of rows a failed commit never wrote. Best effort: a failure
   * is logged, and the batch stays committed.
   */
  afterCommit(work: (redis: Redis) => Promise<void>): void;
  /**
   * A rebuild replaying the topics: `afterCommit` work is dropped, as nobody is told again of what
   * happened long ago, so a projector may skip what it would compute only for that work.
   */
  replaying?: boolean;
  /**
   * A rebuild's memory (ReplayMemory): rows a projector alone writes, kept as it writes them, so it
   * need not read them back. Absent live, and once the rebuild forgot it after a failed transaction.
   */
  memory?: ReplayMemory;
  /**
   * The search engine (search-engine/): a model's index there is written in its batch, before the
   * commit, with documents a redelivery writes again unchanged (jobs/search-index.ts).
   */
  search: SearchEngine;
}

/**
 * A read model's reaction to events. Rule: applying an event twice has the effect of applying it once
 * (the runner skips redeliveries by stream version, and Redis writes are idempotent besides).
 */
export interface Projector {
  name: string;
  handles: readonly DomainEventType[];
  apply(event: DomainEvent, ctx: ProjectionContext): Promise<void>;
  /**
   * The types `applyBatch` takes. A run of consecutive events of one stream type, each of a type some
   * projector names here, goes projector by projector (registry order): each projector takes the run's
   * events it handles at once (`applyBatch`) if it names all their types here, else one at a time. That
   * equals applying them event by event only because, within such a run, no projector reads what another
   * writes for a later event: a like's or comment's notification (or a comment's edit of it) reads its
   * post's author, which the notifications projector keeps itself from the post's PostCreated (first in
   * the post's stream, and written by the same projector before it reads the authors), and the posts
   * model writes an edit over its own row alone; for a connection's events each projector reads only
   * what it writes itself and the deleted accounts, which no event of such a run
   * writes (the connections projector its rows, the suggestions their own copy of the links and the
   * network counts kept from it, the timelines their own links and their copy of the posts, the posts
   * their links, the notifications their own rows); what the jobs and applications projectors write
   * for an application's events (a job's applications, the applications) no other projector reads for
   * them (the notifications read their own rows and the deleted accounts); a job's alerts read the
   * people's skills, roles and settings and the deleted accounts, and the jobs projector writes only the
   * jobs, their counts and search documents and their applications; a job's edit is written by each
   * model over its own copy of the job (the jobs model's rows, the notifications' title and company);
   * and what each projector writes for people's events (the users rows, the suggestions' cities and
   * skills, the notifications' alert keys, each model's own cards of people: people-cards.ts, the
   * saved jobs, the followed tags) no other projector reads: a model's cards only its own queries and
   * its after-batch work do, the saved jobs and the followed tags only their own queries (the
   * timelines keep their own copy of the follows, and take them one at a time).
   * Naming a type here claims this for every projector handling it; a type that breaks it must not be
   * named.
   */
  batched?: readonly DomainEventType[];
  /**
   * Applies `events` (in stream order, all of `batched` types, none a redelivery) with the effect of
   * applying them one by one with `apply`, in fewer statements.
   */
  applyBatch?(events: readonly DomainEvent[], ctx: ProjectionContext): Promise<void>;
  /**
   * Called once after a batch's events were applied, if any was this projector's, before the
   * checkpoints are written: for work better done once a batch than once an event.
   */
  finish?(ctx: ProjectionContext): Promise<void>;
  /**
   * In a rebuild, this projector applies each batch in a transaction of its own, begun once the other
   * projectors' transaction for that batch has committed, while they apply the next batch
   * (ProjectorRunner). Claims: no other projector reads what this one writes; and what it reads of the
   * others' read models may be ahead of the event it applies, by later events of any stream (its own
   * included), with the same rows in the end: whatever it judges differently so, the later event that
   * changed what it read undoes (a post removed after its likes takes their notifications with it).
   */
  replaysBehind?: boolean;
  /** Removes what this projector wrote, before a rebuild from the topics. */
  reset(ctx: { tx: PoolClient; schema: string; redis: Redis; search: SearchEngine }): Promise<void>;
}

/**
 * A projector whose handlers take only the events it handles (the runner never gives them others):
 * `apply` gets an event of `handles`' types, so a `switch` over its type that leaves one of them out
 * does not compile once it ends with `default: return unhandled(event)`; and `batched` may name only
 * handled types. Adding a type to `handles` (as `eventsDecided` makes a new event type demand) then
 * fails to compile until `apply` has its case.
 */
export function defineProjector<const H extends DomainEventType>(
  projector: Omit<Projector, 'handles' | 'apply' | 'batched' | 'applyBatch'> & {
    handles: readonly H[];
    apply(event: EventOfType<H>, ctx: ProjectionContext): Promise<void>;
    batched?: readonly H[];
    applyBatch?(events: readonly EventOfType<H>[], ctx: ProjectionContext): Promise<void>;
  },
): Projector {
  // Sound because EventDispatch hands each projector only events of its `handles`.
  return projector as unknown as Projector;
}

/** The `default` of a projector's switch over its handled types: reached by none, or a type lacks its case. */
export function unhandled(event: never): never {
  throw new Error(`no handler for ${(event as DomainEvent).type}`);
}

/**
 * A Redis key that changes whenever a batch applies one of `changedBy`: responses cached from the read
 * models (ResponseCache) are valid only while their key keeps its value. It names what a cached view
 * reads, not which projector writes it, since one view may read the tables of several.
 */
export interface ReadModelVersion {
  key: string;
  changedBy: readonly DomainEventType[];
}

/**
 * The user stream's events a model has no use for when it reads that stream for the account's deletion
 * alone. A model names them as ignored with this list; a new user event is undecided in every such
 * model until this list or the model takes it.
 */
export const userEventsBesidesDeletion = [
  'UserRegistered',
  'UserLoggedIn',
  'UserLoggedOut',
  'PasswordChanged',
  'ProfileUpdated',
  'SkillsUpdated',
  'NotificationSettingsUpdated',
  'AppearanceSettingsUpdated',
  'ProfilePictureUploaded',
  'ProfilePictureRemoved',
  'ResumeUploaded',
  'ResumeRemoved',
  'NotificationsRead',
  'AllNotificationsRead',
  // A person's saved jobs: the saved-jobs model's alone (saved-jobs/project.ts).
  'JobSaved',
  'JobUnsaved',
  // The tags a person follows: the tag-follows model's (tag-follows/project.ts), and the timelines'
  // own copy of them, which brings a followed tag's posts into the Following feed.
  'TagFollowed',
  'TagUnfollowed',
  // Who blocked whom: the messaging model's (messaging/project.ts), which judges who may write.
  'PersonBlocked',
  'PersonUnblocked',
  // How job alerts are mailed: the notifications model's card of the person (people-cards.ts).
  'JobAlertEmailsChosen',
] as const satisfies readonly DomainEventType[];

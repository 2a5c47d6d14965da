import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { dispatchEvent, type EventTable } from '@careers/contracts/events/event-table';
import { deletedAmong } from './erasure.ts';
import { jobsListVersion } from './jobs/version.ts';
import { peopleSearchVersion } from './people/version.ts';
import { postVersionKeys } from './posts/keys.ts';
import type { ProjectionContext, ReadModelVersion } from './projector.ts';

type Queryable = Parameters<typeof deletedAmong>[0];

/**
 * What decides which posts a feed page holds, in which order, and how the people on it show: posts
 * made, removed or retagged, connections made or ended (who sees connections-only posts, the home
 * timelines), tags followed or not (the Following feed), and the names, job titles and pictures of
 * authors and commenters (registered, edited, deleted).
 * Each post's own counts, comments and likes are not here: they move that post's version alone
 * (`scopes` below), so a like changes only the cached pages that show the post liked.
 */
export const feedVersion: ReadModelVersion = {
  key: 'projections:feed:version',
  changedBy: [
    'PostCreated',
    'PostRemoved',
    // An edit may change a post's tags, and so which pages filtered by a tag hold it.
    'PostEdited',
    // Which posts a reader's Following feed holds: an unfollow takes out the posts the follow brought,
    // and a filtered Following page reads the followed tags.
    'TagFollowed',
    'TagUnfollowed',
    'ConnectionAccepted',
    'ConnectionRemoved',
    'UserRegistered',
    'ProfileUpdated',
    'ProfilePictureUploaded',
    'ProfilePictureRemoved',
    // Takes the person's posts, comments and name away at once, on posts of others too.
    'AccountDeleted',
  ],
};

/**
 * What GET /api/search answers from, the same for every reader: the people directory, the jobs and
 * their companies, and the jobs' posters' names (the people model's version and the jobs list's).
 */
export const siteSearchVersion: ReadModelVersion = {
  key: 'projections:search:version',
  changedBy: [...new Set([...peopleSearchVersion.changedBy, ...jobsListVersion.changedBy])],
};

/**
 * What the network reads (connections screen, people you may know) are cached under as a whole. Most
 * changes move only the person versions of those they concern (personVersionKeys). An account deletion
 * moves this one: it takes the person off every list and card at once, and it leaves no key named
 * after them (their person versions are deleted, not moved), so nothing else could retire those
 * entries. It is moved, as every version is, when the projector starts.
 */
export const networkVersion: ReadModelVersion = {
  key: 'projections:network:version',
  changedBy: ['AccountDeleted'],
};

/**
 * Versions of what cached network reads (the connections screen's lists, people you may know) show of
 * each person, under `projections:` like every version key. A person's network version stands for what
 * decides their own lists: their relationships, and the city and skills their suggestions are matched
 * on. A person's profile version stands for how they show on someone else's card: name, picture, bio,
 * city, skills, address, or their account gone.
 */
export const personVersionKeys = {
  network: (userId: string) => `projections:person:network:${userId}`,
  profile: (userId: string) => `projections:person:profile:${userId}`,
  /**
   * What decides a person's messaging screens beyond the cards of the people on them: their
   * conversations, messages, reads and blocks either way, and the links that let them write (an
   * application; a connection moves their network version, which those screens hold too).
   */
  messages: (userId: string) => `projections:person:messages:${userId}`,
  /** Counts up with every move of a person version, as the posts' sequence does for posts. */
  sequence: 'projections:people:sequence',
};

/**
 * What each event moves among the narrow versions:
 * - `post`: the post whose shown state it changes: its likes count and who liked it (`isLiked` of every
 *   reader), its comments and their count, its text or a comment's (an edit), or its removal;
 * - `network`: whose own network it changes: both people of a request and of each answer to it, and
 *   the person whose city or skills (what their suggestions are matched on) change or whose account is
 *   made;
 * - `profile`: whose card it changes, wherever it is shown (see personVersionKeys);
 * - `messages`: whose conversations list, threads or unread badge it changes.
 * `null` for an event that moves none of them. An account deletion moves the whole network version
 * instead (networkVersion, and ScopedVersions.add); the feed-wide version is `feedVersion` above.
 */
interface Scopes {
  post?: string;
  network?: string[];
  profile?: string[];
  messages?: string[];
}

const ofPost = (event: { data: { postId: string } }): Scopes => ({ post: event.data.postId });
const ofRelationship = (event: { data: { requesterId: string; recipientId: string } }): Scopes => ({
  network: [event.data.requesterId, event.data.recipientId],
});
const ofNetworkAndCard = (event: { data: { userId: string } }): Scopes => ({
  network: [event.data.userId],
  profile: [event.data.userId],
});
const ofCard = (event: { data: { userId: string } }): Scopes => ({ profile: [event.data.userId] });
const ofConversation = (event: { data: { participantIds: readonly string[] } }): Scopes => ({
  messages: [...event.data.participantIds],
});
const ofBlock = (event: { data: { userId: string; blockedUserId: string } }): Scopes => ({
  messages: [event.data.userId, event.data.blockedUserId],
});

const scopes: EventTable<Scopes> = {
  PostCreated: null,
  PostLiked: ofPost,
  PostUnliked: ofPost,
  CommentAdded: ofPost,
  CommentRemoved: ofPost,
  // The post's or a comment's new text, shown wherever the post is.
  PostEdited: ofPost,
  CommentEdited: ofPost,
  PostRemoved: ofPost,
  ConnectionRequested: ofRelationship,
  ConnectionAccepted: ofRelationship,
  ConnectionDeclined: ofRelationship,
  ConnectionWithdrawn: ofRelationship,
  ConnectionRemoved: ofRelationship,
  UserRegistered: ofNetworkAndCard,
  ProfileUpdated: ofNetworkAndCard,
  SkillsUpdated: ofNetworkAndCard,
  ProfilePictureUploaded: ofCard,
  ProfilePictureRemoved: ofCard,
  // Handled apart: it deletes the person's versions (ScopedVersions.add).
  AccountDeleted: null,
  UserLoggedIn: null,
  UserLoggedOut: null,
  PasswordChanged: null,
  NotificationSettingsUpdated: null,
  // Read by GET /users/mail-preferences, which is not cached.
  JobAlertEmailsChosen: null,
  AppearanceSettingsUpdated: null,
  ResumeUploaded: null,
  ResumeRemoved: null,
  NotificationsRead: null,
  AllNotificationsRead: null,
  // A job shows on no post or person's card: its cached lists (and the site search's jobs and
  // companies) are retired by jobsListVersion, which an edit moves; its page is not cached.
  JobPosted: null,
  JobEdited: null,
  JobClosed: null,
  // Links the applicant and the job's poster, who may then write to each other.
  ApplicationSubmitted: (event) => ({ messages: [event.data.applicantId, event.data.employerId] }),
  ApplicationStatusChanged: null,
  ApplicationWithdrawn: null,
  // Neither shows on a post or anyone's card. The saved list they change is read uncached (GET
  // /api/jobs/my/saved), so it needs no version: a read after a save waits for its token's checkpoint,
  // which the batch that applied it to the saved-jobs model moved in the same transaction.
  JobSaved: null,
  JobUnsaved: null,
  // Neither shows on a post or anyone's card. The followed tags (GET /api/users/followed-tags) and a
  // tag's page (GET /api/tags/:tag) are read uncached, as the saved list is; the Following feed they
  // change is retired by feedVersion, which they move.
  TagFollowed: null,
  TagUnfollowed: null,
  // Both participants' messaging screens (routes/messaging.ts).
  ConversationStarted: ofConversation,
  MessageSent: ofConversation,
  MessagesRead: ofConversation,
  PersonBlocked: ofBlock,
  PersonUnblocked: ofBlock,
};

const personKeysOf = (userId: string) => [
  personVersionKeys.network(userId),
  personVersionKeys.profile(userId),
  personVersionKeys.messages(userId),
];

/** Post versions live a week past their last move; a version gone reads as null, which no entry holds after a move. */
export const POST_VERSION_TTL_SECONDS = 7 * 24 * 3600;

/**
 * INCR of the sequence and SET of every key to the new count, atomically: a post (or person) version is
 * always its sequence's value at its last move, so a reader that read the sequence before its query
 * knows that a version above that value was moved after (registerCachedQuery relies on it). A sequence that is
 * not there (a new deployment, or Redis lost it) starts at the clock in microseconds, above any value
 * an older one reached, so no version taken before comes back.
 */
const MOVE_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then
  redis.call('SET', KEYS[1], ARGV[2])
  n = redis.call('INCR', KEYS[1])
end
for i = 2, #KEYS do redis.call('SET', KEYS[i], n, 'EX', ARGV[1]) end
return n`;

const moveArgs = (keys: string[]) =>
  [keys.length, ...keys, POST_VERSION_TTL_SECONDS, String(Date.now() * 1000)] as const;

type ChainableCommander = ProjectionContext['redis'];

/**
 * The post and person versions one batch moves. Like every version, each is moved in the batch's Redis writes
 * before the Postgres commit and once more after it (see the runner's rule), here by MOVE_SCRIPT.
 */
export class ScopedVersions {
  private readonly keys = new Set<string>();
  /** Person versions, counted by a sequence of their own (personVersionKeys.sequence). */
  private readonly people = new Set<string>();

  /** Person versions of deleted accounts: deleted rather than moved (see networkVersion). */
  private readonly gone = new Set<string>();
  /** The people whose versions `people` holds, by id. */
  private readonly personIds = new Set<string>();

  add(event: DomainEvent): void {
    const moved = dispatchEvent(scopes, event, {});
    if (moved.post !== undefined) this.keys.add(postVersionKeys.post(moved.post));
    if (event.type === 'AccountDeleted') {
      for (const key of personKeysOf(event.data.userId)) {
        this.people.delete(key);
        this.gone.add(key);
      }
      return;
    }
    const keep = (userId: string, key: string) => {
      if (this.gone.has(key)) return;
      this.people.add(key);
      this.personIds.add(userId);
    };
    for (const userId of moved.network ?? []) keep(userId, personVersionKeys.network(userId));
    for (const userId of moved.profile ?? []) keep(userId, personVersionKeys.profile(userId));
    for (const userId of moved.messages ?? []) keep(userId, personVersionKeys.messages(userId));
  }

  /**
   * Drops the versions of people whose account was deleted before this batch: a lagging event about
   * them (another topic, read after the deletion) must not bring back a key the deletion removed.
   * `db` is the batch's transaction, after its events were applied.
   */
  async dropDeleted(db: Queryable, schema: string): Promise<void> {
    for (const userId of await deletedAmong(db, schema, [...this.personIds])) {
      for (const key of personKeysOf(userId)) {
        this.people.delete(key);
        this.gone.add(key);
      }
    }
  }

  /**
   * Adds the moves to Redis commands sent together: the runner calls it for the batch's writes before
   * the Postgres commit and again for the writes after it, before any push tells readers of the change.
   * A failure after the commit is logged by the runner; the post's next change, or the feed version
   * moved at the next start, retires what it left valid.
   */
  write(commands: ChainableCommander): void {
    if (this.keys.size > 0) commands.eval(MOVE_SCRIPT, ...moveArgs([postVersionKeys.sequence, ...this.keys]));
    if (this.people.size > 0) {
      commands.eval(MOVE_SCRIPT, ...moveArgs([personVersionKeys.sequence, ...this.people]));
    }
    if (this.gone.size > 0) commands.del(...this.gone);
  }
}

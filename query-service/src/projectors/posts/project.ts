import type { DomainEvent } from '@careers/contracts/events/catalogue';
import { eventsDecided } from '@careers/contracts/events/event-table';
import { tagKey } from '@careers/contracts/tags';
import { peopleCards, personCardEvents, userEventsBesidesCards } from '../people-cards.ts';
import { defineProjector, type ProjectionContext, unhandled } from '../projector.ts';
import { applyLinks } from './links.ts';

/** The authors of posts and comments, as the posts and comments show them (people-cards.ts). */
const authors = peopleCards('post_people');

/**
 * The effect of PostCreated, PostLiked, PostUnliked, CommentAdded, PostEdited and CommentEdited, for any
 * number of them in stream order: written here once, for a batch or for one event alone.
 *
 * A post keeps its pictures as its PostCreated has them, in order (the URLs are made when read), and
 * its tags with their keys (`tagKey`: the feed's `tags` filter and a tag's page match the keys).
 *
 * An edit replaces the text and sets when it changed, and the tags with their keys when it carries
 * them (PostEdited version 2; a version 1 edit leaves the tags). Of a post's or comment's edits in one
 * run the last (in stream order) is the one left, its tags those of the last edit that carried any (as
 * applying them one by one leaves them), and the edits are written after the run's new rows, so an
 * edit of a post or comment made in the same run finds its row. An edit whose post or comment is gone
 * (removed, or its author's account deleted) finds nothing and brings nothing back. Edits are set
 * unconditionally: their stream's order is theirs (a comment's edits are on its post's stream), the
 * runner applies each event past its stream's checkpoint once, and a redelivered run of a stream's
 * events ends, as the first delivery did, with its newest edit.
 */
async function applyRun(
  events: readonly DomainEvent[],
  { tx, schema }: Pick<ProjectionContext, 'tx' | 'schema'>,
): Promise<void> {
  // Rows of new posts and comments, then each post's counts as its last event in the batch left them
  // (each event carries the write side's count after it, so the last one is what one-by-one leaves).
  const created: object[] = [];
  const comments: object[] = [];
  const counts = new Map<string, { likes: number | null; comments: number | null }>();
  const countsOf = (postId: string) => {
    let c = counts.get(postId);
    if (!c) {
      c = { likes: null, comments: null };
      counts.set(postId, c);
    }
    return c;
  };
  // Per post, each person's last like or unlike.
  const likers = new Map<string, Map<string, boolean>>();
  // Each post's and comment's last edit in the run, by id.
  const postEdits = new Map<
    string,
    { id: string; content: string; edited_at: string; tags: string[] | null; tag_keys: string[] | null }
  >();
  const commentEdits = new Map<string, { id: string; content: string; edited_at: string }>();
  for (const event of events) {
    switch (event.type) {
      case 'PostCreated': {
        const d = event.data;
        created.push({
          id: d.postId,
          author_id: d.authorId,
          content: d.content,
          type: d.type,
          category: d.category,
          visibility: d.visibility,
          tags: d.tags,
          tag_keys: tagKeysOf(d.tags),
          images: d.images,
          created_at: d.createdAt,
        });
        break;
      }
      case 'PostLiked':
      case 'PostUnliked': {
        const d = event.data;
        countsOf(d.postId).likes = d.likesCount;
        let members = likers.get(d.postId);
        if (!members) {
          members = new Map();
          likers.set(d.postId, members);
        }
        members.delete(d.userId);
        members.set(d.userId, event.type === 'PostLiked');
        break;
      }
      case 'CommentAdded': {
        const d = event.data;
        comments.push({
          id: d.commentId,
          post_id: d.postId,
          author_id: d.authorId,
          content: d.content,
          created_at: d.createdAt,
        });
        countsOf(d.postId).comments = d.commentsCount;
        break;
      }
      case 'PostEdited': {
        const d = event.data;
        const before = postEdits.get(d.postId);
        postEdits.set(d.postId, {
          id: d.postId,
          content: d.content,
          edited_at: d.editedAt,
          tags: d.tags ?? before?.tags ?? null,
          tag_keys: d.tags ? tagKeysOf(d.tags) : (before?.tag_keys ?? null),
        });
        break;
      }
      case 'CommentEdited': {
        const d = event.data;
        commentEdits.set(d.commentId, { id: d.commentId, content: d.content, edited_at: d.editedAt });
        break;
      }
      default:
        throw new Error(`posts: ${event.type} is not taken in batches`);
    }
  }
  if (created.length > 0) {
    await tx.query(
      `INSERT INTO ${schema}.posts (id, author_id, content, type, category, visibility, tags, tag_keys, images,
         created_at)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id text, author_id text, content text, type text,
         category text, visibility text, tags text[], tag_keys text[], images jsonb, created_at timestamptz)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(created)],
    );
  }
  if (comments.length > 0) {
    await tx.query(
      `INSERT INTO ${schema}.post_comments (id, post_id, author_id, content, created_at)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id text, post_id text, author_id text, content text,
         created_at timestamptz)
       ON CONFLICT (id) DO NOTHING`,
      [JSON.stringify(comments)],
    );
  }
  if (counts.size > 0) {
    // The batch's posts through the key (\`= ANY\`), never a hash of every post.
    const ids = [...counts.keys()];
    await tx.query(
      `UPDATE ${schema}.posts p SET likes_count = coalesce(c.likes, p.likes_count),
         comments_count = coalesce(c.comments, p.comments_count)
         FROM unnest($1::text[], $2::int[], $3::int[]) AS c(id, likes, comments)
        WHERE p.id = ANY($1::text[]) AND p.id = c.id`,
      [
        ids,
        ids.map((id) => counts.get(id)?.likes ?? null),
        ids.map((id) => counts.get(id)?.comments ?? null),
      ],
    );
  }
  if (postEdits.size > 0) {
    // Found through the key, as the counts are. Tags left as they are by an edit without them.
    await tx.query(
      `UPDATE ${schema}.posts p SET content = e.content, edited_at = e.edited_at,
         tags = coalesce(e.tags, p.tags), tag_keys = coalesce(e.tag_keys, p.tag_keys)
         FROM jsonb_to_recordset($1::jsonb) AS e(id text, content text, edited_at timestamptz, tags text[],
           tag_keys text[])
        WHERE p.id = ANY($2::text[]) AND p.id = e.id`,
      [JSON.stringify([...postEdits.values()]), [...postEdits.keys()]],
    );
  }
  if (commentEdits.size > 0) {
    await tx.query(
      `UPDATE ${schema}.post_comments c SET content = e.content, edited_at = e.edited_at
         FROM jsonb_to_recordset($1::jsonb) AS e(id text, content text, edited_at timestamptz)
        WHERE c.id = ANY($2::text[]) AND c.id = e.id`,
      [JSON.stringify([...commentEdits.values()]), [...commentEdits.keys()]],
    );
  }
  // Each pair's last like or unlike: an unlike's pair goes, a like's is kept (it may be there already,
  // from before a batch redelivered in part). The two sets share no pair, so their order is free.
  const liked: [string, string][] = [];
  const unliked: [string, string][] = [];
  for (const [postId, members] of likers) {
    for (const [userId, now] of members) (now ? liked : unliked).push([postId, userId]);
  }
  if (unliked.length > 0) {
    await tx.query(
      `DELETE FROM ${schema}.post_likers l USING unnest($1::text[], $2::text[]) AS u(post_id, user_id)
        WHERE l.post_id = u.post_id AND l.user_id = u.user_id`,
      [unliked.map((p) => p[0]), unliked.map((p) => p[1])],
    );
  }
  if (liked.length > 0) {
    await tx.query(
      `INSERT INTO ${schema}.post_likers (post_id, user_id) SELECT * FROM unnest($1::text[], $2::text[])
       ON CONFLICT DO NOTHING`,
      [liked.map((p) => p[0]), liked.map((p) => p[1])],
    );
  }
}

/** A post's tags as they compare (`tagKey`), each once, in order. */
function tagKeysOf(tags: readonly string[]): string[] {
  return [...new Set(tags.map(tagKey))];
}

/**
 * Posts, comments and who liked what (`post_likers`), in Postgres. Counts are taken from the events
 * (the write side's count after the change), so a redelivery sets the same value again.
 *
 * An account deletion ends the person's posts (PostRemoved), comments (CommentRemoved) and likes
 * (PostUnliked) on the posts' own streams, which may be applied before or after their AccountDeleted.
 * AccountDeleted drops whatever of theirs is here already; a removal applied later finds nothing left
 * and still sets its count; a post, comment or like of theirs applied after it (a lagging topic) is
 * always followed on its stream by the removal that takes it out again.
 *
 * An author's edit of a post or comment (PostEdited, CommentEdited) replaces its text and sets
 * `edited_at` (applyRun); the rest of the row stays.
 *
 * Who may see a connections-only post (the author's connections) is kept here too, from the
 * connections' own events (links.ts), rather than read from the connections model. The authors' names,
 * job titles and pictures are kept here too, from their user events (`authors`), and joined when read:
 * a post applied before its author's registration (another topic) shows them once that is applied, as
 * it would have been had the registration come first.
 */
export const postsProjector = defineProjector({
  name: 'posts',
  handles: eventsDecided(['post', 'user', 'connection'], {
    handles: [
      'PostCreated',
      'PostLiked',
      'PostUnliked',
      'CommentAdded',
      'PostEdited',
      'CommentEdited',
      'PostRemoved',
      'CommentRemoved',
      ...personCardEvents,
      'AccountDeleted',
      'ConnectionAccepted',
      'ConnectionDeclined',
      'ConnectionRemoved',
    ],
    // A request links nobody, and a withdrawn one never did.
    ignores: [...userEventsBesidesCards, 'ConnectionRequested', 'ConnectionWithdrawn'],
  }),
  async apply(event, { tx, schema }) {
    switch (event.type) {
      // Written once, as a batch of one (applyBatch).
      case 'PostCreated':
      case 'PostLiked':
      case 'PostUnliked':
      case 'CommentAdded':
      case 'PostEdited':
      case 'CommentEdited':
        return applyRun([event], { tx, schema });
      // Written once, as a batch of one (applyBatch).
      case 'ConnectionAccepted':
      case 'ConnectionDeclined':
      case 'ConnectionRemoved':
        return applyLinks([event], { tx, schema });
      case 'UserRegistered':
      case 'ProfileUpdated':
      case 'ProfilePictureUploaded':
      case 'ProfilePictureRemoved':
        return authors.apply([event], { tx, schema });
      case 'PostRemoved': {
        const { postId } = event.data;
        await tx.query(`DELETE FROM ${schema}.post_comments WHERE post_id = $1`, [postId]);
        await tx.query(`DELETE FROM ${schema}.post_likers WHERE post_id = $1`, [postId]);
        await tx.query(`DELETE FROM ${schema}.posts WHERE id = $1`, [postId]);
        return;
      }
      case 'CommentRemoved': {
        const d = event.data;
        await tx.query(`DELETE FROM ${schema}.post_comments WHERE id = $1`, [d.commentId]);
        await tx.query(`UPDATE ${schema}.posts SET comments_count = $2 WHERE id = $1`, [
          d.postId,
          d.commentsCount,
        ]);
        return;
      }
      case 'AccountDeleted': {
        const { userId } = event.data;
        const { rows } = await tx.query<{ id: string }>(
          `DELETE FROM ${schema}.posts WHERE author_id = $1 RETURNING id`,
          [userId],
        );
        const postIds = rows.map((r) => r.id);
        // Comments of others on their posts go with the posts; their own comments on others' posts go
        // here, and those posts' counts come with each CommentRemoved (a count the write side made).
        await tx.query(
          `DELETE FROM ${schema}.post_comments WHERE author_id = $1 OR post_id = ANY($2::text[])`,
          [userId, postIds],
        );
        // Likers of their posts go with the posts; their own likes of others' posts go with each
        // PostUnliked on those posts' streams, as their comments' counts do.
        await tx.query(`DELETE FROM ${schema}.post_likers WHERE post_id = ANY($1::text[])`, [postIds]);
        await tx.query(`DELETE FROM ${schema}.post_links WHERE user_id = $1 OR other_id = $1`, [userId]);
        await authors.apply([event], { tx, schema });
        return;
      }
      default:
        return unhandled(event);
    }
  },
  batched: [
    'PostCreated',
    'PostLiked',
    'PostUnliked',
    'CommentAdded',
    'PostEdited',
    'CommentEdited',
    'ConnectionAccepted',
    'ConnectionDeclined',
    'ConnectionRemoved',
    'UserRegistered',
    'ProfileUpdated',
  ],
  // A run is of one stream type: a post's events, a connection's, or people's.
  applyBatch(events, ctx) {
    const stream = events[0]?.streamType;
    if (stream === 'connection') return applyLinks(events, ctx);
    if (stream === 'user') return authors.apply(events, ctx);
    return applyRun(events, ctx);
  },
  async reset({ tx, schema, redis }) {
    await tx.query(
      `TRUNCATE ${schema}.posts, ${schema}.post_comments, ${schema}.post_likers, ${schema}.post_links`,
    );
    await authors.reset({ tx, schema });
    // The like sets a deployment kept in Redis before `post_likers` (migration 039), if any are left.
    const prefix = redis.options.keyPrefix ?? '';
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}posts:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys.map((k) => k.slice(prefix.length)));
    } while (cursor !== '0');
  },
});

import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER, consistencyTokenSubjects } from '@careers/contracts/consistency';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@careers/contracts/idempotency';
import { authMessages, postMessages } from '@careers/contracts/messages';
import { testNamespace } from '@careers/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { commandTestbed, sendCommand } from '../testing.ts';

/**
 * The post group (`post-group.ts`): likes and comments that arrive together are decided in arrival
 * order and written in one transaction; a refused one fails alone; a group whose transaction fails falls
 * back on each command's own transaction.
 */
const bed = commandTestbed(testNamespace('post-group'));

const like = (postId: string, sid: string, key?: string) =>
  sendCommand(bed.running().app, {
    method: 'POST',
    url: `/api/posts/${postId}/like`,
    sid,
    headers: key ? { [IDEMPOTENCY_HEADER]: key } : {},
  });

async function postBy(sid: string, visibility = 'public') {
  const response = await bed.call('POST', '/api/posts', sid, { content: 'A post to like', visibility });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data._id as string;
}

/** The post's events: type, version and the transaction that wrote each (xmin). */
const logOf = (postId: string) =>
  bed.query<{ type: string; stream_version: number; tx: string; position: string }>(
    `SELECT type, stream_version, xmin::text AS tx, position::text FROM {schema}.event_log
      WHERE stream_id = $1 ORDER BY stream_version`,
    [postId],
  );

const comment = (postId: string, sid: string, content: string, key?: string) =>
  sendCommand(bed.running().app, {
    method: 'POST',
    url: `/api/posts/${postId}/comments`,
    sid,
    body: { content },
    headers: key ? { [IDEMPOTENCY_HEADER]: key } : {},
  });

const fansOf = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => bed.signUp(`Fan${i}`)));

describe('a group of likes', () => {
  it('writes likes that arrive together in one transaction, each decided on the post the one before left', async () => {
    const author = await bed.signUp('Ada');
    const post = await postBy(author.sid);
    const fans = await fansOf(12);
    const answers = await Promise.all(fans.map((fan) => like(post, fan.sid)));
    expect(answers.map((a) => a.statusCode)).toEqual(fans.map(() => 200));
    expect(answers.map((a) => a.json().data.likesCount).sort((a, b) => a - b)).toEqual(
      fans.map((_, i) => i + 1),
    );
    // Each answer's token names the version its own like made.
    const versions = answers.map((a) => consistencyTokenSubjects(a.headers[CONSISTENCY_HEADER])[0]);
    expect(new Set(versions).size).toBe(12);
    const log = (await logOf(post)).slice(1);
    expect(log.map((e) => e.stream_version)).toEqual(fans.map((_, i) => i + 2));
    // A stream's events take positions in version order (the relay publishes by position).
    const positions = log.map((e) => BigInt(e.position));
    expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // The first like runs at once, alone; the others waited for it and went together.
    expect(new Set(log.map((e) => e.tx)).size).toBeLessThan(4);
    const [row] = await bed.query<{ likes_count: number; likes: number }>(
      `SELECT p.likes_count, (SELECT count(*)::int FROM {schema}.post_likes l WHERE l.post_id = p.id) AS likes
         FROM {schema}.posts p WHERE p.id = $1`,
      [post],
    );
    expect(row).toEqual({ likes_count: 12, likes: 12 });
  });

  it('takes a like and its taking back in one group as nothing written to the likes, and both as events', async () => {
    const author = await bed.signUp('Ada');
    const post = await postBy(author.sid);
    const [fan] = (await fansOf(1)) as [{ sid: string; id: string }];
    // Held back by a first like of someone else's, the two toggles meet in one group.
    const [other] = (await fansOf(1)) as [{ sid: string; id: string }];
    const answers = await Promise.all([like(post, other.sid), like(post, fan.sid), like(post, fan.sid)]);
    expect(answers.map((a) => a.json().data)).toEqual([
      { postId: post, likesCount: 1, isLiked: true },
      { postId: post, likesCount: 2, isLiked: true },
      { postId: post, likesCount: 1, isLiked: false },
    ]);
    expect((await logOf(post)).map((e) => e.type)).toEqual([
      'PostCreated',
      'PostLiked',
      'PostLiked',
      'PostUnliked',
    ]);
    const likes = await bed.query('SELECT user_id FROM {schema}.post_likes WHERE post_id = $1', [post]);
    expect(likes).toHaveLength(1);
  });

  it('refuses a like of a post that is gone or out of reach alone, and writes the others', async () => {
    const author = await bed.signUp('Ada');
    const stranger = await bed.signUp('Eve');
    const post = await postBy(author.sid);
    const hidden = await postBy(stranger.sid, 'connections');
    const fans = await fansOf(4);
    const answers = await Promise.all([
      like(post, fans[0]?.sid as string),
      like(post, fans[1]?.sid as string),
      like(randomUUID(), fans[2]?.sid as string, randomUUID()),
      like(hidden, fans[3]?.sid as string),
      like(post, fans[3]?.sid as string),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 404, 404, 200]);
    expect(answers[2]?.json()).toEqual({ message: postMessages.postNotFound });
    expect(answers[3]?.json()).toEqual({ message: postMessages.postNotFound });
    expect((await logOf(post)).map((e) => e.type)).toEqual([
      'PostCreated',
      'PostLiked',
      'PostLiked',
      'PostLiked',
    ]);
    expect((await logOf(hidden)).map((e) => e.type)).toEqual(['PostCreated']);
    // The refused keyed like gave its key back: nothing of it is kept.
    const keys = await bed.query('SELECT 1 FROM {schema}.idempotency_keys WHERE user_id = $1', [fans[2]?.id]);
    expect(keys).toEqual([]);
  });

  it('answers two tries of one keyed like once, the second with the first answer', async () => {
    const author = await bed.signUp('Ada');
    const post = await postBy(author.sid);
    const [fan, other] = (await fansOf(2)) as [{ sid: string; id: string }, { sid: string; id: string }];
    const key = randomUUID();
    const answers = await Promise.all([
      like(post, other.sid),
      like(post, fan.sid, key),
      like(post, fan.sid, key),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers[2]?.json()).toEqual(answers[1]?.json());
    // Whichever try came second is answered with the first one's answer, token included.
    expect(
      answers
        .slice(1)
        .map((a) => a.headers[IDEMPOTENT_REPLAY_HEADER])
        .sort(),
    ).toEqual(['true', undefined]);
    expect(answers[2]?.headers[CONSISTENCY_HEADER]).toBe(answers[1]?.headers[CONSISTENCY_HEADER]);
    expect((await logOf(post)).map((e) => e.type)).toEqual(['PostCreated', 'PostLiked', 'PostLiked']);
    // A later try still gets the stored answer.
    const again = await like(post, fan.sid, key);
    expect(again.json()).toEqual(answers[1]?.json());
  });

  it('falls back on a transaction per like when the group fails: only the like that cannot be written is refused', async () => {
    const author = await bed.signUp('Ada');
    const post = await postBy(author.sid);
    const fans = await fansOf(3);
    const gone = await bed.signUp('Gone');
    // Her account row went while her session still holds (a deletion landing between the session check
    // and the write): the like table's foreign key refuses her like, and with it the group's statement.
    await bed.query('DELETE FROM {schema}.users WHERE id = $1', [gone.id]);
    const answers = await Promise.all([
      like(post, fans[0]?.sid as string),
      like(post, gone.sid),
      like(post, fans[1]?.sid as string),
      like(post, fans[2]?.sid as string),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 200, 200]);
    expect(answers[1]?.json()).toEqual({ message: authMessages.signInRequired });
    expect((await logOf(post)).map((e) => e.type)).toEqual([
      'PostCreated',
      'PostLiked',
      'PostLiked',
      'PostLiked',
    ]);
  });

  it('takes comments with the likes: each comment counted on the post the one before left, its text sealed as alone', async () => {
    const author = await bed.signUp('Ada');
    const post = await postBy(author.sid);
    const fans = await fansOf(8);
    const answers = await Promise.all(
      fans.map((fan, i) => (i % 2 === 0 ? like(post, fan.sid) : comment(post, fan.sid, `Well said, ${i}`))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(fans.map((_, i) => (i % 2 === 0 ? 200 : 201)));
    const comments = answers.filter((_, i) => i % 2 === 1).map((a) => a.json().data);
    expect(comments.map((c) => c.commentsCount).sort()).toEqual([1, 2, 3, 4]);
    expect(comments.map((c) => c.author.firstName).sort()).toEqual(['Fan1', 'Fan3', 'Fan5', 'Fan7']);
    const log = await logOf(post);
    expect(log.map((e) => e.stream_version)).toEqual(Array.from({ length: 9 }, (_, i) => i + 1));
    // Comments come to the group later than likes (each reads its author's card first), so they may
    // make groups of their own; alone, the eight would be eight transactions.
    expect(new Set(log.slice(1).map((e) => e.tx)).size).toBeLessThan(8);
    // Read back through the vault, as the relay publishes them: each comment's own text.
    const events = await bed.eventsOf(post);
    const added = events.filter((e) => e.type === 'CommentAdded').map((e) => e.data as { content: string });
    expect(added.map((e) => e.content).sort()).toEqual([
      'Well said, 1',
      'Well said, 3',
      'Well said, 5',
      'Well said, 7',
    ]);
    const [row] = await bed.query<{ likes_count: number; comments_count: number; comments: number }>(
      `SELECT p.likes_count, p.comments_count,
              (SELECT count(*)::int FROM {schema}.post_comments c WHERE c.post_id = p.id) AS comments
         FROM {schema}.posts p WHERE p.id = $1`,
      [post],
    );
    expect(row).toEqual({ likes_count: 4, comments_count: 4, comments: 4 });
  });

  it('writes one comment for two tries of one keyed comment, and none on a post out of reach', async () => {
    const author = await bed.signUp('Ada');
    const stranger = await bed.signUp('Eve');
    const post = await postBy(author.sid);
    const hidden = await postBy(stranger.sid, 'connections');
    const [fan, other] = (await fansOf(2)) as [{ sid: string; id: string }, { sid: string; id: string }];
    const key = randomUUID();
    const answers = await Promise.all([
      like(post, other.sid),
      comment(post, fan.sid, 'Once only', key),
      comment(post, fan.sid, 'Once only', key),
      comment(hidden, fan.sid, 'Let me in', randomUUID()),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 201, 201, 404]);
    expect(answers[2]?.json()).toEqual(answers[1]?.json());
    expect(
      answers
        .slice(1, 3)
        .map((a) => a.headers[IDEMPOTENT_REPLAY_HEADER])
        .sort(),
    ).toEqual(['true', undefined]);
    expect((await logOf(post)).map((e) => e.type)).toEqual(['PostCreated', 'PostLiked', 'CommentAdded']);
    expect((await logOf(hidden)).map((e) => e.type)).toEqual(['PostCreated']);
    const keys = await bed.query('SELECT key FROM {schema}.idempotency_keys WHERE user_id = $1', [fan.id]);
    expect(keys).toEqual([{ key }]);
  });
});

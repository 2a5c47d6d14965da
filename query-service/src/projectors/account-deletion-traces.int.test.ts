import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ann,
  bob,
  connections,
  conversations,
  cy,
  type DeletionBed,
  deletionHistory,
  dora,
  doraDrafts,
  doraNeedles,
  doraText,
  eve,
  ids,
  messages,
} from './account-deletion-history.ts';
import { removals, snapshotOf } from './account-deletion-testing.ts';
import { JobQueries } from './jobs/queries.ts';
import { MessagingQueries } from './messaging/queries.ts';
import { findIn, type ReadModelSnapshot } from './read-model-snapshot.ts';
import { projectorTestbed } from './testing.ts';
import { timelineKeys } from './timelines/keys.ts';

/**
 * What an account deletion leaves in the read models (the history of `account-deletion-history.ts`):
 * nothing of hers but her id where a job she posted or an application to it keeps it, and every count
 * of others right.
 */

let bed: DeletionBed;

beforeAll(async () => {
  bed = await projectorTestbed('account-deletion');
});
afterAll(async () => {
  await bed?.close();
});

const snapshot = snapshotOf(() => bed);

/** The whole history, in the order it happened (built by the test, once the testbed exists). */
const history: EventEnvelope[] = [];
function buildHistory() {
  history.push(...deletionHistory(bed.event));
}

/**
 * Rows naming Dora's id where the deletion keeps it by design: her closed job, the application to it, her
 * tombstone, and the threads the others keep (their conversations with her, their own rows of them and
 * her messages, erased).
 */
function unexpectedTracesOfDora(s: ReadModelSnapshot): string[] {
  const allowed = (table: string, row: Record<string, unknown>) =>
    (table === 'jobs' && row.id === ids.doraJob) ||
    (table === 'applications' && row.id === ids.bobApplication) ||
    (table === 'deleted_accounts' && row.user_id === dora) ||
    (table === 'conversations' && (row.first_id === dora || row.second_id === dora)) ||
    (table === 'conversation_members' && row.user_id !== dora && row.other_id === dora) ||
    (table === 'messages' && row.sender_id === dora && row.erased === true && row.text === '');
  // The columns the kept rows hold her id in.
  const idColumns = new Set([
    'employer_id',
    'user_id',
    'first_id',
    'second_id',
    'started_by',
    'other_id',
    'sender_id',
  ]);
  return findIn(s, doraNeedles).filter((hit) => {
    const [table, ...rest] = hit.split(': ');
    if (table?.startsWith('redis')) return true;
    const row = JSON.parse(rest.join(': ')) as Record<string, unknown>;
    if (!allowed(table as string, row)) return true;
    // The kept rows hold her id in those columns and nothing else of hers.
    const others = Object.entries(row).filter(([column]) => !idColumns.has(column));
    return (
      findIn({ tables: { t: [JSON.stringify(Object.fromEntries(others))] }, keys: {} }, doraNeedles).length >
      0
    );
  });
}

let expected: ReadModelSnapshot;

describe('an account deletion in the read models', () => {
  it('leaves nothing of the person but the ids a kept job needs, and every count of others right', async () => {
    buildHistory();
    // Before the deletion she is everywhere: the search is not blind.
    const beforeDeletion = history.slice(
      0,
      history.findIndex((e) => removals.has(e.type)),
    );
    await bed.rebuildFrom(beforeDeletion);
    const before = await snapshot();
    const present = findIn(before, doraNeedles).join('\n');
    for (const text of Object.values(doraText)) expect(present).toContain(text);
    // Her edits replaced what her post and comment first said, in the comment's notification to Ann too.
    expect(findIn(before, Object.values(doraDrafts))).toEqual([]);
    expect(
      findIn(before, [doraText.comment])
        .map((hit) => hit.split(':')[0])
        .sort(),
    ).toEqual(['notifications', 'post_comments']);

    await bed.rebuildFrom(history);
    expected = await snapshot();
    expect(unexpectedTracesOfDora(expected)).toEqual([]);
    expect(findIn(expected, Object.values(doraDrafts))).toEqual([]);
    expect(findIn(expected, ['Ann on tides', 'Bob agrees', 'ann@example.com'])).not.toEqual([]);

    const { tables, keys } = expected;
    const rows = (table: string) =>
      (tables[table] ?? []).map((r) => JSON.parse(r) as Record<string, unknown>);
    const annPost = rows('posts').find((p) => p.id === ids.annPost);
    expect(annPost).toMatchObject({ likes_count: 1, comments_count: 1 });
    expect(
      rows('posts')
        .map((p) => p.id)
        .sort(),
    ).toEqual([ids.annPost, ids.bobPost].sort());
    expect(rows('post_comments').map((c) => c.id)).toEqual([ids.bobCommentOnAnn]);
    expect(rows('post_likers')).toEqual([{ post_id: ids.annPost, user_id: bob }]);
    expect(keys[timelineKeys.home(dora)]).toBeUndefined();
    const timeline = (userId: string) =>
      (keys[timelineKeys.home(userId)] as string[]).filter((_, i) => i % 2 === 0).sort();
    expect(timeline(ann)).toEqual([ids.annPost, ids.bobPost].sort());
    expect(timeline(bob)).toEqual([ids.annPost, ids.bobPost].sort());
    // Cy follows the posts' tag: Bob's post too, but not Dora's, which reached Cy through it alone.
    expect(timeline(cy)).toEqual([ids.annPost, ids.bobPost].sort());
    expect(rows('tag_follows').map((f) => f.user_id)).toEqual([cy]);
    expect(rows('timeline_tag_follows').map((f) => f.user_id)).toEqual([cy]);

    expect(
      rows('connections')
        .map((c) => c.id)
        .sort(),
    ).toEqual([connections.annBob, connections.cyAnn].sort());
    expect(
      rows('connection_mutuals')
        .map((m) => [m.user_id, m.candidate_id, m.mutuals])
        .sort(),
    ).toEqual(
      [
        [bob, cy, 1],
        [cy, bob, 1],
      ].sort(),
    );
    expect(Object.fromEntries(rows('suggestion_people').map((p) => [p.user_id, p.connections]))).toEqual({
      [ann]: 2,
      [bob]: 1,
      [cy]: 1,
      [eve]: 0,
    });

    expect(rows('applications').map((a) => [a.id, a.status])).toEqual([[ids.bobApplication, 'interview']]);
    expect(new Set(rows('application_status_history').map((h) => h.application_id))).toEqual(
      new Set([ids.bobApplication]),
    );
    expect(rows('jobs').find((j) => j.id === ids.doraJob)).toMatchObject({ status: 'closed' });
    // Her saved jobs are gone; Bob's save of her job stays (the job stays, closed).
    expect(rows('saved_jobs').map((s) => [s.user_id, s.job_id])).toEqual([[bob, ids.doraJob]]);
    const job = await new JobQueries(bed.pool, bed.schema).findJob(ids.doraJob);
    expect(job?.employer).toEqual({ _id: dora, firstName: '', lastName: '' });
    expect(
      rows('alert_jobs')
        .map((j) => j.job_id)
        .sort(),
    ).toEqual([ids.eveJob, ids.eveOtherJob].sort());

    const notifications = rows('notifications').map((n) => [n.user_id, n.kind, n.actor_id, n.actor_count]);
    expect(notifications.sort()).toEqual(
      [
        [ann, 'post_likes', null, 1],
        [ann, 'post_comment', bob, 1],
        [ann, 'connection_accepted', bob, 1],
        [cy, 'connection_accepted', ann, 1],
        [bob, 'job_alert', eve, 1],
        // Ann's message to Bob; those of and to Dora are gone with her.
        [bob, 'new_message', ann, 1],
      ].sort(),
    );
    const bobsLike = history.find(
      (e) => e.type === 'PostLiked' && (e.data as { userId: string }).userId === bob,
    )?.data as { likedAt: string };
    const likes = rows('notifications').find((n) => n.kind === 'post_likes');
    expect(new Date(likes?.created_at as string).toISOString()).toBe(bobsLike.likedAt);
    expect(rows('notification_likers').map((l) => l.user_id)).toEqual([bob]);

    // Messaging: her messages read erased, the others' as they were; her rows of her conversations, her
    // links, her blocks and her card are gone; the others keep the threads (Ann read on after it).
    const sent = Object.fromEntries(rows('messages').map((m) => [m.id, [m.sender_id, m.text, m.erased]]));
    expect(sent).toEqual({
      [messages.annToDora]: [ann, 'Ann would like to talk tides', false],
      [messages.doraToAnn]: [dora, '', true],
      [messages.annToDoraAgain]: [ann, 'Ann will be there', false],
      [messages.eveToDora]: [eve, 'Eve invites you to an interview', false],
      [messages.doraToEve]: [dora, '', true],
      [messages.doraToBob]: [dora, '', true],
      [messages.bobToDora]: [bob, 'Bob is glad to hear it', false],
      [messages.annToBob]: [ann, 'Ann says hi to Bob', false],
    });
    expect(
      rows('conversations')
        .map((c) => c.id)
        .sort(),
    ).toEqual(Object.values(conversations).sort());
    const members = rows('conversation_members').map((m) => [
      m.conversation_id,
      m.user_id,
      m.unread_count,
      m.last_read,
      m.seen_up_to,
    ]);
    expect(members.sort()).toEqual(
      [
        [conversations.doraAnn, ann, 0, messages.doraToAnn, messages.annToDora],
        [conversations.doraEve, eve, 0, messages.doraToEve, messages.eveToDora],
        [conversations.doraBob, bob, 1, null, null],
        [conversations.annBob, ann, 0, null, messages.annToBob],
        [conversations.annBob, bob, 0, messages.annToBob, null],
      ].sort(),
    );
    expect(
      rows('messaging_links')
        .map((l) => l.link_id)
        .sort(),
    ).toEqual([connections.annBob, connections.cyAnn].sort());
    expect(rows('messaging_blocks').map((b) => [b.user_id, b.blocked_user_id])).toEqual([[ann, bob]]);
    expect(
      rows('messaging_people')
        .map((p) => p.id)
        .sort(),
    ).toEqual([ann, bob, cy, eve].sort());
    // Ann's thread with her, as Ann reads it: no name, her message erased, no writing back; none of hers.
    const messaging = new MessagingQueries(bed.pool, bed.schema);
    const thread = await messaging.thread(ann, conversations.doraAnn, undefined, 10);
    expect(thread?.conversation).toMatchObject({
      other: { _id: dora, firstName: '', lastName: '' },
      canWrite: false,
      unreadCount: 0,
    });
    expect(thread?.messages.map((m) => [m._id, m.text, m.erased])).toEqual([
      [messages.annToDoraAgain, 'Ann will be there', false],
      [messages.doraToAnn, '', true],
      [messages.annToDora, 'Ann would like to talk tides', false],
    ]);
    expect(await messaging.thread(dora, conversations.doraAnn, undefined, 10)).toBeNull();
    expect(await messaging.unreadCount(dora)).toBe(0);
    expect(await messaging.unreadCount(bob)).toBe(1);
  });
});

import type { EventEnvelope } from '@careers/contracts/events/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ann,
  bob,
  connections,
  cy,
  type DeletionBed,
  deletionHistory,
  dora,
  doraDrafts,
  doraNeedles,
  doraText,
  eve,
  ids,
} from './account-deletion-history.ts';
import { removals, snapshotOf } from './account-deletion-testing.ts';
import { JobQueries } from './jobs/queries.ts';
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

/** Rows naming Dora's id where the deletion keeps it by design: her closed job, the application to it, her tombstone. */
function unexpectedTracesOfDora(s: ReadModelSnapshot): string[] {
  const allowed = (table: string, row: Record<string, unknown>) =>
    (table === 'jobs' && row.id === ids.doraJob) ||
    (table === 'applications' && row.id === ids.bobApplication) ||
    (table === 'deleted_accounts' && row.user_id === dora);
  return findIn(s, doraNeedles).filter((hit) => {
    const [table, ...rest] = hit.split(': ');
    if (table?.startsWith('redis')) return true;
    const row = JSON.parse(rest.join(': ')) as Record<string, unknown>;
    if (!allowed(table as string, row)) return true;
    // The kept rows hold her id in one column and nothing else of hers.
    const others = Object.entries(row).filter(([column]) => column !== 'employer_id' && column !== 'user_id');
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
    expect(keys[`posts:likes:${ids.annPost}`]).toEqual([bob]);
    expect(keys[`posts:likes:${ids.doraPost}`]).toBeUndefined();
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
      ].sort(),
    );
    const bobsLike = history.find(
      (e) => e.type === 'PostLiked' && (e.data as { userId: string }).userId === bob,
    )?.data as { likedAt: string };
    const likes = rows('notifications').find((n) => n.kind === 'post_likes');
    expect(new Date(likes?.created_at as string).toISOString()).toBe(bobsLike.likedAt);
    expect(rows('notification_likers').map((l) => l.user_id)).toEqual([bob]);
  });
});

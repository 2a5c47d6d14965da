import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type NotificationBed, notificationTesting } from './notification-testing.ts';
import { isReadSql, type NotificationQueries, unreadCountSql } from './queries.ts';

/**
 * Redelivered events make no second notification, marking read marks only one's own, and the bell's
 * counts agree with the list, a concurrent writer included (after `everyKind()` made some of each).
 */

const testing = notificationTesting('notifications-reads');
const { keptCounts, at, next, apply, register, skills, listOf, postJobAndHear, everyKind } = testing;
let bed: NotificationBed;
let queries: NotificationQueries;

beforeAll(async () => {
  ({ bed, queries } = testing.current());
  await everyKind();
});

describe('redelivery and marking read', () => {
  it('never makes a second notification from a redelivered event, and marks only the reader’s own', async () => {
    const [ada, bob, cy] = [randomUUID(), randomUUID(), randomUUID()];
    await register(ada, 'Ada');
    await register(bob, 'Bob');
    await register(cy, 'Cy');
    const connectionId = randomUUID();
    const requested = next('ConnectionRequested', connectionId, {
      connectionId,
      requesterId: ada,
      recipientId: bob,
      requestedAt: at(40),
    });
    await apply(requested);
    await apply(requested);
    // Even past the checkpoint (a rebuilt checkpoint table, say), the derived id keeps it one.
    await bed.pool.query(`DELETE FROM ${bed.schema}.stream_checkpoints WHERE stream_id = $1`, [connectionId]);
    await apply(requested);
    const bobs = await listOf(bob);
    expect(bobs.total).toBe(1);

    const other = randomUUID();
    await apply(
      next('ConnectionRequested', other, {
        connectionId: other,
        requesterId: ada,
        recipientId: cy,
        requestedAt: at(41),
      }),
    );
    const cys = (await listOf(cy)).data[0]?._id as string;
    // Bob names Cy's notification and one that does not exist: neither changes.
    await apply(
      next('NotificationsRead', bob, { userId: bob, notificationIds: [cys, randomUUID()], readAt: at(42) }),
    );
    expect((await listOf(cy)).unreadCount).toBe(1);
    expect((await listOf(bob)).unreadCount).toBe(1);
    await apply(next('AllNotificationsRead', bob, { userId: bob, upTo: at(43) }));
    expect(await listOf(bob)).toMatchObject({ unreadCount: 0, total: 1 });
    expect(await queries.unreadCount(cy)).toBe(1);
  });

  it("counts each person's unread notifications as the list marks them read or not, for everyone so far", async () => {
    // The count reads "all read" once per person and starts after it; the list marks each row with
    // isReadSql. After the cases above (all read, a grouped like moved up after a read, hidden
    // requests) and one notification read on its own that stays read, both agree for everyone.
    const unread = await bed.pool.query<{ id: string; user_id: string; created_at: Date }>(
      `SELECT n.id::text, n.user_id, n.created_at FROM ${bed.schema}.notifications n
        WHERE NOT n.hidden AND NOT ${isReadSql(bed.schema, 'n')} ORDER BY n.id LIMIT 1`,
    );
    const reader = unread.rows[0];
    if (!reader) throw new Error('no unread notification left to read');
    const countBefore = await queries.unreadCount(reader.user_id);
    await apply(
      next('NotificationsRead', reader.user_id, {
        userId: reader.user_id,
        notificationIds: [reader.id],
        readAt: new Date(reader.created_at.getTime() + 60_000).toISOString(),
      }),
    );
    expect(await queries.unreadCount(reader.user_id)).toBe(countBefore - 1);
    const { rows } = await bed.pool.query<{ user_id: string; counted: number; listed: number }>(
      `SELECT p.user_id, ${unreadCountSql(bed.schema, 'p.user_id')} AS counted,
              (SELECT count(*)::int FROM ${bed.schema}.notifications n
                WHERE n.user_id = p.user_id AND NOT n.hidden AND NOT ${isReadSql(bed.schema, 'n')}) AS listed
         FROM (SELECT DISTINCT user_id FROM ${bed.schema}.notifications) p`,
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.some((r) => r.listed > 0)).toBe(true);
    expect(rows.filter((r) => r.counted !== r.listed)).toEqual([]);
    // The counts kept by the projector (held to these after every test) cover most of these people.
    expect((await keptCounts()).length).toBeGreaterThan(10);
  });
});

describe('a concurrent writer', () => {
  it("keeps a person's count exact while another transaction writes their notifications", async () => {
    const [poster, seeker] = [randomUUID(), randomUUID()];
    await register(poster, 'Pia');
    await register(seeker, 'Sam');
    await apply(skills(seeker, ['Fortran']));
    const post = () => postJobAndHear(poster, seeker, 'Fortran');
    expect(await post()).toBe(1);
    // Another writer (a second projector, say) makes the person a notification and has not committed:
    // the batch waits for it rather than counting without it, and counts it once it committed.
    const other = await bed.pool.connect();
    const made = randomUUID();
    try {
      await other.query('BEGIN');
      await other.query(
        `INSERT INTO ${bed.schema}.notifications (id, user_id, kind, actor_id, job_id, created_at)
         VALUES ($1, $2, 'job_alert', $3, $4, now())`,
        [made, seeker, poster, randomUUID()],
      );
      const applying = post();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('COMMIT');
      expect(await applying).toBe(3);
    } finally {
      other.release();
    }
    expect((await listOf(seeker)).unreadCount).toBe(3);
    // Not an event's notification: it goes, so the rebuild below compares what the events make.
    await bed.pool.query(`DELETE FROM ${bed.schema}.notifications WHERE id = $1`, [made]);
    expect((await keptCounts()).find((r) => r.user_id === seeker)).toEqual({
      user_id: seeker,
      kept: 2,
      counted: 2,
    });
  });
});

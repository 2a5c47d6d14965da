/**
 * What the fault suite proves afterwards, read straight from the write side (the command-service's
 * schema), the read side (the query-service's schema and API) and Kafka, never through the services'
 * own view of themselves.
 */

import { clientEvents, serverEvents } from '@careers/contracts/sockets';
import { streamTypes } from '@careers/contracts/topics';
import { createLogger } from '@careers/service-kit';
import {
  committedOffsets,
  createKafka,
  partitionOffsets,
  processGroupPrefix,
  topicName,
  topicPartitions,
} from '@careers/service-kit/kafka';
import pg from 'pg';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import type { Attempt, Client, Load, Person } from './load.ts';
import { WEB_ORIGIN } from './topology.ts';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface Probe {
  pool: pg.Pool;
  schemas: { command: string; query: string };
  kafkaBrokers: string;
  topicPrefix: string;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function newPool(connectionString: string) {
  const pool = new pg.Pool({
    connectionString,
    max: 3,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 5000,
  });
  // A private Postgres being killed ends idle connections: that is expected, not a crash of the suite.
  pool.on('error', () => {});
  return pool;
}

/**
 * Events written at or before `position` that the read side has not applied yet: not published, or
 * above their stream's checkpoint. Zero means the backlog of that moment is projected (lag 0 for it).
 */
export async function backlog(probe: Probe, position: string): Promise<number> {
  const { command, query } = probe.schemas;
  const { rows } = await probe.pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${q(command)}.event_log e
      WHERE e.position <= $1
        AND (EXISTS (SELECT 1 FROM ${q(command)}.event_outbox o WHERE o.position = e.position) OR NOT EXISTS (
          SELECT 1 FROM ${q(query)}.stream_checkpoints c
           WHERE c.stream_id = e.stream_id::text AND c.stream_version >= e.stream_version))`,
    [position],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function lastPosition(probe: Probe): Promise<string> {
  const { rows } = await probe.pool.query<{ p: string | null }>(
    `SELECT max(position)::text AS p FROM ${q(probe.schemas.command)}.event_log`,
  );
  return rows[0]?.p ?? '0';
}

/**
 * Per consumer group of the product, the messages on its topics it has not committed yet. A group's
 * topics are those assigned to its members (the gateway reads only the topics it pushes from); a group
 * with no member is held to every topic, but a gone gateway's is left out.
 */
export async function consumerLag(probe: Probe): Promise<Record<string, number>> {
  const kafka = createKafka(
    { KAFKA_BROKERS: [probe.kafkaBrokers] },
    'faults-checks',
    createLogger('faults-checks', 'silent'),
  );
  const admin = kafka.admin({ retries: 1 });
  try {
    const topics = streamTypes.map((t) => topicName({ KAFKA_TOPIC_PREFIX: probe.topicPrefix }, t));
    const existing = new Set(await admin.listTopics());
    const present = topics.filter((t) => existing.has(t));
    // Groups of every protocol (the client lists classic ones only unless told).
    const mine = [...(await admin.listGroups({ types: [] })).keys()].filter((g) =>
      g.startsWith(probe.topicPrefix),
    );
    const lag: Record<string, number> = {};
    // Each topic's partitions, and where each ends (the offset its next message will get).
    const partitions = await topicPartitions(admin, present);
    const ends = await partitionOffsets(admin, partitions, -1n);
    const described = mine.length === 0 ? undefined : await admin.describeGroups({ groups: mine });
    const gateways = processGroupPrefix({ KAFKA_TOPIC_PREFIX: probe.topicPrefix }, 'realtime-gateway');
    for (const groupId of mine) {
      // A gateway's group lives as long as its process (processGroupId): one with no member left is a
      // gone gateway's, which nothing resumes from; and a live one's partition with nothing committed is
      // read from where the group joined, the end of the topic then.
      const members = [...(described?.get(groupId)?.members.values() ?? [])];
      const own = groupId.startsWith(gateways);
      if (own && members.length === 0) continue;
      const assigned = new Set(members.flatMap((m) => [...(m.assignments?.keys() ?? [])]));
      const read = new Map([...partitions].filter(([name]) => assigned.size === 0 || assigned.has(name)));
      let total = 0;
      for (const [key, offset] of await committedOffsets(admin, groupId, read)) {
        if (own && offset === -1n) continue;
        const committed = offset === -1n ? 0n : offset;
        total += Number((ends.get(key) ?? 0n) - committed);
      }
      lag[groupId.slice(probe.topicPrefix.length)] = total;
    }
    return lag;
  } finally {
    await admin.close().catch(() => {});
  }
}

/** Stream versions as the read side's checkpoints hold them; a fall between two samples is a finding. */
export class CheckpointWatch {
  private readonly seen = new Map<string, number>();
  readonly falls: string[] = [];
  samples = 0;
  async sample(probe: Probe) {
    const { rows } = await probe.pool.query<{ stream_id: string; stream_version: number }>(
      `SELECT stream_id, stream_version FROM ${q(probe.schemas.query)}.stream_checkpoints`,
    );
    this.samples++;
    for (const { stream_id, stream_version } of rows) {
      const before = this.seen.get(stream_id);
      if (before !== undefined && stream_version < before)
        this.falls.push(`${stream_id}: ${before} -> ${stream_version}`);
      this.seen.set(stream_id, stream_version);
    }
  }
}

/** A socket of `person`'s session, as the app opens one, that does not try again by itself. */
export function socketOptions(person: Person, timeoutMs = 20_000): Partial<ManagerOptions & SocketOptions> {
  return {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    timeout: timeoutMs,
    extraHeaders: { origin: WEB_ORIGIN, cookie: person.cookie },
  };
}

/** Resolves once `socket` is connected; rejects with its connection error. */
export function connected(socket: Socket): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/**
 * Subscribes a socket of `watcher` to `postId`, has `liker` toggle a like, and resolves whether the
 * gateway pushed the post's new count to the socket within `timeoutMs`.
 */
export async function pushReaches(
  gatewayUrl: string,
  load: Load,
  watcher: Person,
  liker: Person,
  postId: string,
  timeoutMs: number,
): Promise<boolean> {
  const socket = io(gatewayUrl, socketOptions(watcher, timeoutMs));
  try {
    await connected(socket);
    const joined = await socket
      .timeout(timeoutMs)
      .emitWithAck(clientEvents.postSubscribe, { postIds: [postId] })
      .catch(() => ({ postIds: [] as string[] }));
    if (!(joined as { postIds: string[] }).postIds.includes(postId)) return false;
    const pushed = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      socket.on(serverEvents.postUpdated, (payload: { postId: string }) => {
        if (payload.postId === postId) {
          clearTimeout(timer);
          resolve(true);
        }
      });
    });
    const liked = await load.like(liker, postId);
    if (!liked.ok) return false;
    return await pushed;
  } catch {
    return false;
  } finally {
    socket.disconnect();
  }
}

/** The last acknowledged like state per person and post, unless a later attempt left it unknown. */
function expectedLikes(attempts: Attempt[]) {
  const last = new Map<string, Attempt>();
  for (const a of [...attempts].filter((x) => x.kind === 'like').sort((x, y) => x.startedAt - y.startedAt)) {
    last.set(`${a.user}:${a.target}`, a);
  }
  const known = new Map<string, boolean>();
  let unknown = 0;
  for (const [key, a] of last) {
    if (a.ok && a.isLiked !== undefined) known.set(key, a.isLiked);
    else unknown++;
  }
  return { known, unknown };
}

/** Every check of the suite's end state; the load has stopped and the read side has caught up. */
export async function finalChecks(
  probe: Probe,
  load: Load,
  client: Client,
  watch: CheckpointWatch,
): Promise<Check[]> {
  const { command, query } = probe.schemas;
  const checks: Check[] = [];
  const add = (name: string, problems: string[], counted: string) =>
    checks.push({
      name,
      ok: problems.length === 0,
      detail: problems.length === 0 ? counted : problems.slice(0, 5).join('; '),
    });
  const acked = (kind: Attempt['kind']) => load.attempts.filter((a) => a.ok && a.kind === kind);

  // Posts, comments, applications, connection requests: each acknowledged one is on the read side once.
  const once = async (kind: Attempt['kind'], table: string, contentColumn: string | null, label: string) => {
    const expected = acked(kind);
    const problems: string[] = [];
    const ids = expected.map((a) => a.id as string);
    const { rows } = await probe.pool.query<{ id: string }>(
      `SELECT id FROM ${q(query)}.${table} WHERE id = ANY($1)`,
      [ids],
    );
    const found = new Set(rows.map((r) => r.id));
    for (const id of ids)
      if (!found.has(id)) problems.push(`${label} ${id} acknowledged but not on the read side`);
    if (contentColumn) {
      const texts = expected.map((a) => a.content as string);
      const { rows: copies } = await probe.pool.query<{ text: string; n: string }>(
        `SELECT ${contentColumn} AS text, count(*) AS n FROM ${q(query)}.${table} WHERE ${contentColumn} = ANY($1) GROUP BY 1 HAVING count(*) > 1`,
        [texts],
      );
      for (const c of copies) problems.push(`${label} "${c.text}" is there ${c.n} times`);
    }
    add(
      `every acknowledged ${label} is on the read side exactly once`,
      problems,
      `${expected.length} ${label}s`,
    );
  };
  // Every intent answered: sent again with its key while unanswered, none is left without an answer,
  // including those whose first answer was lost (answered by the stored answer when sent again).
  {
    const lost = load.attempts.filter((a) => !a.ok && (a.status === 0 || a.status >= 500));
    const retried = load.attempts.filter((a) => a.tries > 1);
    const replayed = load.attempts.filter((a) => a.replayed);
    add(
      'every intent answered, none lost',
      lost.map(
        (a) => `${a.kind} of person ${a.user} unanswered after ${a.tries} tries (last HTTP ${a.status})`,
      ),
      `${load.attempts.length} intents, ${retried.length} sent again, ${replayed.length} answered by the answer stored when their first was lost, 0 lost`,
    );
  }

  await once('post', 'posts', 'content', 'post');
  await once('comment', 'post_comments', 'content', 'comment');
  await once('apply', 'applications', 'cover_letter', 'application');
  await once('job', 'jobs', 'title', 'job');
  await once('connect', 'connections', null, 'connection request');
  await once('message', 'messages', 'text', 'message');

  // Connection requests: the read side has the pair the write side has (no request doubled the other way).
  {
    const { rows } = await probe.pool.query<{ id: string }>(
      `SELECT c.id::text FROM ${q(command)}.connections c
        LEFT JOIN ${q(query)}.connections r ON r.id = c.id::text
        WHERE r.id IS NULL OR r.status <> c.status OR r.requester_id <> c.requester_id::text`,
    );
    add(
      'connections on the read side equal the write side',
      rows.map((r) => `connection ${r.id} differs`),
      'all equal',
    );
  }

  // Likes: the last acknowledged state of each person and post holds on both sides.
  {
    const { known, unknown } = expectedLikes(load.attempts);
    const { rows } = await probe.pool.query<{ post_id: string; user_id: string }>(
      `SELECT post_id::text, user_id::text FROM ${q(command)}.post_likes`,
    );
    const written = new Set(rows.map((r) => `${r.user_id}:${r.post_id}`));
    const problems: string[] = [];
    const byPost = new Map<string, Array<[Person, boolean]>>();
    for (const [key, liked] of known) {
      const [user, post] = key.split(':') as [string, string];
      const person = load.people[Number(user)] as Person;
      if (written.has(`${person.id}:${post}`) !== liked)
        problems.push(`write side: like of person ${user} on ${post} should be ${liked}`);
      byPost.set(post, [...(byPost.get(post) ?? []), [person, liked]]);
    }
    // The read side's view, as each person's screen shows it.
    for (const [post, likers] of byPost) {
      for (const [person, liked] of likers) {
        const reply = await client.query(`/posts/${post}`, person.cookie);
        if (reply.status !== 200) problems.push(`GET post ${post}: HTTP ${reply.status}`);
        else if (reply.body.data.isLiked !== liked) {
          problems.push(
            `read side: person ${person.index} sees isLiked ${reply.body.data.isLiked} on ${post}, expected ${liked}`,
          );
        }
      }
    }
    add(
      'every acknowledged like and unlike holds on both sides',
      problems,
      `${known.size} person-post pairs (${unknown} left unknown by an unanswered toggle)`,
    );
  }

  // Counts: the read model's post counters equal the write side's, which equal its rows.
  {
    const { rows } = await probe.pool.query<{
      id: string;
      w_likes: number;
      r_likes: number | null;
      rows_likes: string;
      w_comments: number;
      r_comments: number | null;
      rows_comments: string;
    }>(
      `SELECT p.id::text, p.likes_count AS w_likes, r.likes_count AS r_likes,
              (SELECT count(*) FROM ${q(command)}.post_likes l WHERE l.post_id = p.id) AS rows_likes,
              p.comments_count AS w_comments, r.comments_count AS r_comments,
              (SELECT count(*) FROM ${q(query)}.post_comments c WHERE c.post_id = p.id::text) AS rows_comments
         FROM ${q(command)}.posts p LEFT JOIN ${q(query)}.posts r ON r.id = p.id::text`,
    );
    const problems = rows
      .filter(
        (r) =>
          r.w_likes !== r.r_likes ||
          r.w_likes !== Number(r.rows_likes) ||
          r.w_comments !== r.r_comments ||
          r.w_comments !== Number(r.rows_comments),
      )
      .map(
        (r) =>
          `post ${r.id}: likes write ${r.w_likes} read ${r.r_likes} rows ${r.rows_likes}, comments write ${r.w_comments} read ${r.r_comments} rows ${r.rows_comments}`,
      );
    add('read-model like and comment counts equal the write side', problems, `${rows.length} posts`);
  }

  // Stream versions: every checkpoint equals its stream's last version, and none ever fell.
  {
    const { rows } = await probe.pool.query<{ stream_id: string; written: number; applied: number | null }>(
      `SELECT e.stream_id::text, max(e.stream_version) AS written, c.stream_version AS applied
         FROM ${q(command)}.event_log e LEFT JOIN ${q(query)}.stream_checkpoints c ON c.stream_id = e.stream_id::text
        GROUP BY e.stream_id, c.stream_version HAVING c.stream_version IS DISTINCT FROM max(e.stream_version)`,
    );
    add(
      'each stream checkpoint equals its last event',
      rows.map((r) => `${r.stream_id}: written ${r.written}, applied ${r.applied}`),
      'all streams',
    );
    add('stream versions only rose', watch.falls, `${watch.samples} samples`);
  }

  {
    const { rows } = await probe.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${q(command)}.event_outbox`,
    );
    const n = Number(rows[0]?.n);
    add(
      'no event left unpublished',
      n === 0 ? [] : [`${n} events still queued in the outbox`],
      'every event published',
    );
  }
  {
    const { rows } = await probe.pool.query<{ topic: string; reason: string }>(
      `SELECT topic, reason FROM ${q(query)}.dead_letters`,
    );
    add(
      'dead letters empty',
      rows.map((r) => `${r.topic}: ${r.reason.slice(0, 120)}`),
      '0 dead letters',
    );
  }
  {
    const lag = await consumerLag(probe);
    const problems = Object.entries(lag)
      .filter(([, n]) => n !== 0)
      .map(([g, n]) => `${g}: ${n}`);
    if (Object.keys(lag).length === 0) problems.push('no consumer group found');
    add(
      'consumer lag back to 0',
      problems,
      Object.keys(lag)
        .map((g) => `${g} 0`)
        .join(', '),
    );
  }
  return checks;
}

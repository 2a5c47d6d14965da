import { randomBytes, randomUUID } from 'node:crypto';
import { type CommandTransaction, EventStore } from '@careers/command-service/event-log/event-store';
import { createCommitNotifier } from '@careers/command-service/event-log/outbox-relay';
import { isRefusal } from '@careers/command-service/pipeline/domain-error';
import { decideRegister, decideUpdateSkills } from '@careers/command-service/users/decide';
import { foldUser, noFiles } from '@careers/command-service/users/evolve';
import { hashPassword } from '@careers/command-service/users/passwords';
import { UserStore } from '@careers/command-service/users/store';
import type { NewDomainEvent } from '@careers/contracts/events/catalogue';
import { API_PREFIX, apiPath, buildPath, routes } from '@careers/contracts/routes';
import { type NotificationsChangedPayload, SOCKET_PATH, serverEvents } from '@careers/contracts/sockets';
import {
  jobAlertMatchArgs,
  jobAlertMatchSql,
} from '@careers/query-service/projectors/notifications/job-alerts';
import { notificationId } from '@careers/query-service/projectors/notifications/shared';
import {
  baseEnv,
  createLogger,
  createPool,
  createRedis,
  createSession,
  ident,
  loadConfig,
  type PersonalDataVault,
  type Pool,
} from '@careers/service-kit';
import { io, type Socket } from 'socket.io-client';
import type { BenchUser, ProductApi } from './api.ts';
import type { BenchConfig } from './config.ts';
import { type CpuUsage, CpuWindow, type Meter } from './cpu.ts';
import { openLoop } from './load.ts';
import { waitForSuggestionLists } from './measure-network.ts';
import type { Population } from './measure-setup.ts';
import { NETWORK_SEED, type NetworkPerson, networkPeople } from './network-generator.ts';
import { type LatencySummary, summarize } from './stats.ts';
import type { BenchTopology } from './topology.ts';

const PER_TRANSACTION = 1000;
const WRITE_LANES = 3;
const READ_POLL_MS = 250;
const STALL_MS = 60_000;
/** People with a socket open: the alerts of every one of them a job matches are waited for. */
const SOCKETS = 200;
const PUSH_TIMEOUT_MS = 5000;
const titles = ['Engineer', 'Developer', 'Analyst', 'Designer', 'Specialist', 'Consultant'] as const;

export interface AlertPush extends LatencySummary {
  /** Jobs per second scheduled; posted (201) in the window; with at least one watched match. */
  rate: number;
  posted: number;
  watched: number;
  /** Matching people with a socket open, over the measured jobs. */
  recipients: number;
  /** Of those, alerts that never arrived. */
  missing: number;
  errors: Record<string, number>;
}

export interface MatchCost {
  jobs: number;
  /** People each job matched through the indexes (mean and largest). */
  meanMatched: number;
  maxMatched: number;
  /** Postgres execution time of the matching statement per job, from EXPLAIN ANALYZE. */
  meanMs: number;
  p99Ms: number;
}

export type NotificationsResult =
  | {
      status: 'measured';
      users: number;
      writeSeconds: number;
      /**
       * From the read side having them until the refresher has ranked every newcomer's people you may
       * know, before the jobs: the alerts are timed in a steady state, not during that catch-up.
       */
      listsSeconds: number;
      /** Job posted (reply) -> every watched matching person's socket has the alert; one sample per job. */
      alerts: AlertPush;
      matching: MatchCost;
      /** Connection request (reply) -> the addressee's notifications:changed. */
      requests: LatencySummary & { sent: number; missing: number };
      cpu: CpuUsage[];
    }
  | { status: 'missing'; reason: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const skillKey = (name: string) => name.trim().toLowerCase();

function personEvents(person: NetworkPerson, userId: string, now: Date) {
  const registered = decideRegister({
    userId,
    request: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email.replace('network-', 'notify-'),
      password: 'unused-bench-password',
      accountType: 'job_seeker',
    },
    emailTaken: false,
    now,
  });
  if (isRefusal(registered)) throw registered;
  const user = foldUser(null, registered);
  if (!user) throw new Error('registration left no user');
  const skills = decideUpdateSkills(
    user,
    person.skills.map((name) => ({ name, proficiency: 'Intermediate', experience: 3 })),
  );
  const events: NewDomainEvent[] = [...registered, ...skills];
  return { events, user: foldUser(null, events) };
}

/**
 * Writes `people` (registered, then their skills) through the command-service's own decisions and
 * EventStore, as the network phase does, and waits until the read side has every one of them.
 */
async function writePeople(
  pool: Pool,
  schemas: BenchTopology['schemas'],
  vault: PersonalDataVault,
  people: NetworkPerson[],
  ids: string[],
) {
  const store = new EventStore({
    pool,
    schema: schemas.command,
    vault,
    onCommitted: createCommitNotifier(pool, createLogger('bench', 'warn')),
  });
  const users = new UserStore(schemas.command);
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'), 14);
  const started = performance.now();
  let total = 0;
  const batches: NetworkPerson[][] = [];
  for (let i = 0; i < people.length; i += PER_TRANSACTION) batches.push(people.slice(i, i + PER_TRANSACTION));
  const lane = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      const chunk = batch;
      await store.execute({ actorId: null }, async (tx: CommandTransaction) => {
        for (const person of chunk) {
          const userId = ids[person.index] as string;
          const { events, user } = personEvents(person, userId, new Date(Date.now() - 86_400_000));
          if (!user) throw new Error(`person ${person.index} left no user`);
          await tx.append({ streamType: 'user', streamId: userId, expectedVersion: 0, events });
          await users.insert(tx.client, { user, passwordHash, files: noFiles, version: events.length });
          total += events.length;
        }
      });
    }
  };
  await Promise.all(Array.from({ length: WRITE_LANES }, lane));
  const q = ident(schemas.query);
  let seen = -1;
  let gainedAt = performance.now();
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT coalesce(sum(stream_version), 0)::int AS n FROM ${q}.stream_checkpoints WHERE stream_id = ANY($1)`,
      [ids],
    );
    const n = rows[0]?.n ?? 0;
    if (n >= total) break;
    if (n > seen) {
      seen = n;
      gainedAt = performance.now();
    } else if (performance.now() - gainedAt > STALL_MS) {
      throw new Error(`the read side has stayed at ${n} of ${total} events for ${STALL_MS / 1000} s`);
    }
    await sleep(READ_POLL_MS);
  }
  for (const table of ['alert_skills', 'alert_settings', 'users'])
    await pool.query(`VACUUM (ANALYZE) ${q}.${table}`);
  return (performance.now() - started) / 1000;
}

function openSocket(url: string, origin: string, user: BenchUser): Promise<Socket> {
  const socket = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { origin, cookie: user.cookie },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(new Error(`socket connect: ${error.message}`)));
  });
}

/**
 * The notifications phase: `notifyUsers` people with skills written through the write path; SOCKETS of
 * them with a socket open; then an open loop of jobs posted over HTTP (each asking for one or two
 * skills of a watched person, so every job matches someone watched and, through shared skills, many
 * more), timing each from its reply until every watched person it matches has the alert; the matching
 * statement's own cost per job; and an open loop of connection requests to watched people, timed from
 * the reply to the addressee's notifications:changed.
 */
export async function measureNotifications(
  api: ProductApi,
  population: Population,
  topology: Pick<BenchTopology, 'ns' | 'databaseUrl' | 'schemas' | 'vault' | 'assertAlive'>,
  gateway: { url: string; origin: string },
  rate: number,
  config: BenchConfig,
  meter: Meter,
  progress: (line: string) => void,
): Promise<NotificationsResult> {
  if (config.notifyUsers === 0) return { status: 'missing', reason: 'BENCH_NOTIFY_USERS=0' };
  const runId = randomBytes(4).toString('hex');
  const people = networkPeople(NETWORK_SEED + 7, config.notifyUsers, runId);
  const ids = people.map(() => randomUUID());
  const pool = createPool(topology.databaseUrl, WRITE_LANES + 1, 'bench-notify');
  const settings = loadConfig(baseEnv, topology.ns.commandEnv);
  const redis = createRedis(settings.REDIS_URL, settings.REDIS_KEY_PREFIX);
  const sockets: Socket[] = [];
  try {
    progress(`writing ${people.length} people with skills through the event log, relay, Kafka and projector`);
    const writeSeconds = await writePeople(pool, topology.schemas, topology.vault, people, ids);
    progress(`  on the read side after ${writeSeconds.toFixed(1)} s`);
    topology.assertAlive();
    const listsMs = await waitForSuggestionLists(
      pool,
      ident(topology.schemas.query),
      topology.assertAlive,
      progress,
    );

    const step = Math.max(1, Math.floor(people.length / SOCKETS));
    const watched: Array<BenchUser & { skills: Set<string> }> = [];
    for (let index = 0; index < people.length && watched.length < SOCKETS; index += step) {
      const sid = await createSession(redis, ids[index] as string, 3600);
      watched.push({
        id: ids[index] as string,
        cookie: `sid=${sid}`,
        skills: new Set((people[index]?.skills ?? []).map(skillKey)),
      });
    }
    const heard = new Map<string, number>();
    for (const user of watched) {
      const socket = await openSocket(gateway.url, gateway.origin, user);
      socket.on(serverEvents.notificationsChanged, (payload: NotificationsChangedPayload) => {
        if (payload.notificationId && !heard.has(payload.notificationId)) {
          heard.set(payload.notificationId, performance.now());
        }
      });
      sockets.push(socket);
    }

    // Jobs: posted by the population's people (none of them is among the watched).
    const jobRate = Math.max(1, Math.min(rate, 10));
    const posted: Array<{ repliedAt: number; expected: string[]; title: string; skills: string[] }> = [];
    const errors: Record<string, number> = {};
    let inflight = 0;
    const postJob = async (measured: boolean) => {
      const poster = population.users[Math.floor(Math.random() * population.users.length)] as BenchUser;
      const seed = watched[Math.floor(Math.random() * watched.length)];
      const pool = [...(seed?.skills ?? [])];
      const skills = [...new Set([pool[Math.floor(Math.random() * pool.length)], pool[0]])].filter(
        (s): s is string => typeof s === 'string',
      );
      const title = `${skills[0] ?? 'Generalist'} ${titles[Math.floor(Math.random() * titles.length)]}`;
      inflight++;
      try {
        const reply = await api.command.request('POST', apiPath(routes.createJob), {
          cookie: poster.cookie,
          headers: { origin: gateway.origin },
          json: {
            title,
            description: 'A job posted by the bench.',
            company: { name: 'Bench', industry: 'Software' },
            location: { city: 'Berlin', country: 'Germany' },
            salary: { min: 50000, max: 70000 },
            skills: skills.map((name) => ({ name, required: true })),
          },
        });
        const at = performance.now();
        if (reply.status !== routes.createJob.status) {
          if (measured) errors[`HTTP ${reply.status}`] = (errors[`HTTP ${reply.status}`] ?? 0) + 1;
          return;
        }
        if (!measured) return;
        const jobId = (JSON.parse(reply.body) as { data: { _id: string } }).data._id;
        const keys = skills.map(skillKey);
        const expected = watched
          .filter((w) => w.id !== poster.id && keys.some((k) => w.skills.has(k)))
          .map((w) => notificationId(`job_alert:${jobId}`, w.id));
        posted.push({ repliedAt: at, expected, title, skills });
      } catch (error) {
        if (measured) errors[(error as Error).name] = (errors[(error as Error).name] ?? 0) + 1;
      } finally {
        inflight--;
      }
    };
    const cpu = new CpuWindow(meter.processes, meter.ticksPerSecond);
    progress(
      `open loop of job posts at ${jobRate}/s, ${watched.length} matching-capable sockets: ` +
        `${config.warmupSeconds}s warm-up + ${config.seconds}s`,
    );
    await openLoop(
      {
        rate: jobRate,
        warmupMs: config.warmupSeconds * 1000,
        durationMs: config.seconds * 1000,
        onMeasureStart: cpu.start,
        onMeasureEnd: cpu.end,
      },
      (measured) => void postJob(measured),
    );
    const allExpected = () => posted.every((p) => p.expected.every((id) => heard.has(id)));
    const deadline = performance.now() + PUSH_TIMEOUT_MS;
    while ((inflight > 0 || !allExpected()) && performance.now() < deadline) await sleep(10);
    const alertSamples: number[] = [];
    let recipients = 0;
    let missing = 0;
    for (const p of posted) {
      if (p.expected.length === 0) continue;
      recipients += p.expected.length;
      const times = p.expected.map((id) => heard.get(id));
      missing += times.filter((t) => t === undefined).length;
      if (times.every((t) => t !== undefined)) {
        alertSamples.push(Math.max(0, ...times.map((t) => (t as number) - p.repliedAt)));
      }
    }
    const alerts: AlertPush = {
      ...summarize(alertSamples),
      rate: jobRate,
      posted: posted.length,
      watched: posted.filter((p) => p.expected.length > 0).length,
      recipients,
      missing,
      errors,
    };
    progress(
      `  job -> every watched match's socket: p50 ${alerts.p50} ms, p99 ${alerts.p99} ms ` +
        `(${alerts.count} jobs, ${recipients} alerts watched, ${missing} missing)`,
    );

    // The matching statement itself, per job posted, as Postgres times it.
    const q = ident(topology.schemas.query);
    const costs: number[] = [];
    const matched: number[] = [];
    for (const p of posted) {
      const [skills, words] = jobAlertMatchArgs({
        title: p.title,
        skills: p.skills.map((name) => ({ name })),
      });
      const { rows } = await pool.query<{
        'QUERY PLAN': Array<{ 'Execution Time': number; Plan: { 'Actual Rows': number } }>;
      }>(`EXPLAIN (ANALYZE, FORMAT JSON) SELECT user_id FROM (${jobAlertMatchSql(q)}) m`, [
        skills,
        words,
        new Date().toISOString(),
      ]);
      const plan = rows[0]?.['QUERY PLAN'][0];
      if (plan) {
        costs.push(plan['Execution Time']);
        matched.push(plan.Plan['Actual Rows']);
      }
    }
    const costSummary = summarize(costs);
    const matching: MatchCost = {
      jobs: costs.length,
      meanMatched: matched.length > 0 ? Math.round(matched.reduce((a, b) => a + b, 0) / matched.length) : 0,
      maxMatched: Math.max(0, ...matched),
      meanMs:
        costs.length > 0 ? Math.round((costs.reduce((a, b) => a + b, 0) / costs.length) * 100) / 100 : 0,
      p99Ms: costSummary.p99,
    };
    progress(
      `  matching: ${matching.meanMs} ms per job on average (p99 ${matching.p99Ms} ms), ` +
        `${matching.meanMatched} people matched on average (largest ${matching.maxMatched}) of ${people.length}`,
    );

    // Connection request -> the addressee's bell.
    const requesters = population.users;
    const requestSamples: number[] = [];
    const waiting: Array<{ id: string; at: number }> = [];
    let sent = 0;
    let pending = 0;
    const used = new Set<string>();
    const request = async (measured: boolean) => {
      const from = requesters[Math.floor(Math.random() * requesters.length)] as BenchUser;
      const to = watched[Math.floor(Math.random() * watched.length)];
      if (!to || used.has(`${from.id}:${to.id}`)) return;
      used.add(`${from.id}:${to.id}`);
      pending++;
      try {
        const reply = await api.command.request(
          'POST',
          `${API_PREFIX}${buildPath(routes.connect, { id: to.id })}`,
          {
            cookie: from.cookie,
            headers: { origin: gateway.origin },
          },
        );
        const at = performance.now();
        if (reply.status !== routes.connect.status || !measured) return;
        sent++;
        const connectionId = (JSON.parse(reply.body) as { data: { _id: string } }).data._id;
        waiting.push({ id: notificationId(`connection_request:${connectionId}`, to.id), at });
      } finally {
        pending--;
      }
    };
    progress(`open loop of connection requests at ${jobRate}/s to the watched: ${config.seconds}s`);
    await openLoop({ rate: jobRate, warmupMs: 0, durationMs: config.seconds * 1000 }, (m) => void request(m));
    const until = performance.now() + PUSH_TIMEOUT_MS;
    while ((pending > 0 || waiting.some((w) => !heard.has(w.id))) && performance.now() < until)
      await sleep(10);
    for (const w of waiting) {
      const at = heard.get(w.id);
      if (at !== undefined) requestSamples.push(Math.max(0, at - w.at));
    }
    const requests = { ...summarize(requestSamples), sent, missing: sent - requestSamples.length };
    progress(
      `  request -> bell: p50 ${requests.p50} ms, p99 ${requests.p99} ms (${requests.count} of ${sent})`,
    );
    return {
      status: 'measured',
      users: people.length,
      writeSeconds: Math.round(writeSeconds * 10) / 10,
      listsSeconds: Math.round(listsMs / 100) / 10,
      alerts,
      matching,
      requests,
      cpu: cpu.usage(),
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    redis.disconnect();
    await pool.end();
  }
}

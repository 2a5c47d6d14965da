/**
 * The load the faults land on: many people liking and unliking, commenting, posting, applying to jobs,
 * asking each other to connect and writing messages in their conversations, through the product's HTTP routes as a browser would, each person one
 * intent at a time with a pause between. Each intent has its own Idempotency-Key and is sent again with
 * it, as the browser's client does, while it gets no answer or a 5xx (a service down, a connection
 * reset), until it is answered or INTENT_DEADLINE_MS has passed. So a command whose answer was lost in
 * a crash is answered by its first answer when sent again (`replayed`), and none is written twice.
 * Every intent is recorded with its outcome; an acknowledged one (2xx) with what it made (ids, the
 * like state it answered) and its consistency token.
 */
import { randomUUID } from 'node:crypto';
import { CONSISTENCY_HEADER } from '@careers/contracts/consistency';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@careers/contracts/idempotency';
import { API_PREFIX, buildPath, routes } from '@careers/contracts/routes';
import { WEB_ORIGIN } from './topology.ts';

export type CommandKind = 'like' | 'comment' | 'post' | 'job' | 'apply' | 'connect' | 'message';

export interface Attempt {
  kind: CommandKind;
  /** Index of the person who sent it. */
  user: number;
  /** The post, job or person it acted on. */
  target?: string;
  startedAt: number;
  endedAt: number;
  /** HTTP status, or 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  ok: boolean;
  /** What the command made or answered, when acknowledged. */
  id?: string;
  isLiked?: boolean;
  content?: string;
  token?: string;
  /** How many times the intent was sent (1 when its first try was answered). */
  tries: number;
  /** Answered with the stored answer of an earlier try that was written but whose answer was lost. */
  replayed: boolean;
}

/** How long an intent is sent again while it gets no answer: well past any fault's healing. */
export const INTENT_DEADLINE_MS = 40_000;
/** Statuses after which the same intent is sent again: no answer, or the server failed on the way. */
const IN_TRANSIT = new Set([0, 500, 502, 503, 504]);

export interface Person {
  index: number;
  id: string;
  cookie: string;
}

const REQUEST_TIMEOUT_MS = 10_000;

/** The fields of the routes' replies the suite reads (the contracts' schemas hold the whole shapes). */
export interface ReplyBody {
  data: { _id: string; isLiked: boolean; conversationId: string };
  user: { _id: string };
}

export class Client {
  private readonly commandUrl: string;
  private readonly queryUrl: string;
  constructor(commandUrl: string, queryUrl: string) {
    this.commandUrl = commandUrl;
    this.queryUrl = queryUrl;
  }

  async command(path: string, cookie: string | undefined, body?: unknown, key?: string, method = 'POST') {
    const response = await fetch(`${this.commandUrl}${API_PREFIX}${path}`, {
      method,
      headers: {
        origin: WEB_ORIGIN,
        ...(cookie ? { cookie } : {}),
        ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json().catch(() => null)) as ReplyBody,
    };
  }

  async query(path: string, cookie: string) {
    const response = await fetch(`${this.queryUrl}${API_PREFIX}${path}`, {
      headers: { cookie },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as ReplyBody };
  }

  async register(index: number, runId: string): Promise<Person> {
    const reply = await this.command(buildPath(routes.register), undefined, {
      firstName: 'Fault',
      lastName: `Person${index}`,
      email: `faults-${runId}-${index}@example.com`,
      password: `faults-password-${index}`,
      accountType: 'job_seeker',
    });
    if (reply.status !== routes.register.status) throw new Error(`register: HTTP ${reply.status}`);
    const cookie = [reply.headers.getSetCookie()].flat().find((c) => c.startsWith('sid='));
    if (!cookie) throw new Error('register: no sid cookie');
    return { index, id: reply.body.user._id, cookie: cookie.split(';')[0] as string };
  }
}

export interface LoadOptions {
  /** Pause between one person's commands, ms (each pause is 0.5 to 1.5 times it). */
  thinkMs: number;
  /** Each person also reads their feed after each command, once (the edge retries a read itself). */
  reads?: boolean;
}

/** One read of a person's feed: sent once, as a browser's query is. */
export interface Read {
  user: number;
  startedAt: number;
  endedAt: number;
  /** HTTP status, or 0 when no answer came. */
  status: number;
  ok: boolean;
}

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

export class Load {
  readonly attempts: Attempt[] = [];
  readonly reads: Read[] = [];
  readonly posts: string[] = [];
  readonly jobs: Array<{ id: string; poster: number }> = [];
  private readonly applied = new Set<string>();
  private readonly pairs = new Set<string>();
  /** Each person's conversation (pairUp), by the person's index. */
  private readonly conversations = new Map<number, string>();
  private stopped = false;
  private running: Promise<void>[] = [];
  private readonly runId = randomUUID().slice(0, 8);
  private sequence = 0;

  private readonly client: Client;
  readonly people: Person[];
  private readonly options: LoadOptions;
  constructor(client: Client, people: Person[], options: LoadOptions) {
    this.client = client;
    this.people = people;
    this.options = options;
  }

  /** Sends one intent until it is answered (see the file's comment), records it, and returns it. */
  private async send(
    kind: CommandKind,
    person: Person,
    path: string,
    body: unknown,
    target: string | undefined,
    read: (body: ReplyBody) => Pick<Attempt, 'id' | 'isLiked' | 'content'>,
  ): Promise<Attempt> {
    const attempt: Attempt = {
      kind,
      user: person.index,
      startedAt: Date.now(),
      endedAt: 0,
      status: 0,
      ok: false,
      tries: 0,
      replayed: false,
    };
    if (target !== undefined) attempt.target = target;
    const key = randomUUID();
    const deadline = attempt.startedAt + INTENT_DEADLINE_MS;
    for (;;) {
      attempt.tries++;
      try {
        const reply = await this.client.command(path, person.cookie, body, key);
        attempt.status = reply.status;
        attempt.ok = reply.status >= 200 && reply.status < 300;
        if (attempt.ok) {
          Object.assign(attempt, read(reply.body));
          attempt.token = reply.headers.get(CONSISTENCY_HEADER) ?? undefined;
          attempt.replayed = reply.headers.get(IDEMPOTENT_REPLAY_HEADER) === 'true';
        }
      } catch {
        attempt.status = 0;
      }
      if (!IN_TRANSIT.has(attempt.status) || Date.now() > deadline) break;
      await sleep(Math.min(1000, 100 * 2 ** attempt.tries));
    }
    attempt.endedAt = Date.now();
    this.attempts.push(attempt);
    return attempt;
  }

  private text(what: string, person: Person) {
    return `${what} ${this.runId} ${person.index}-${++this.sequence}`;
  }

  post(person: Person) {
    const content = this.text('Fault-suite post', person);
    return this.send('post', person, buildPath(routes.createPost), { content }, undefined, (b) => {
      this.posts.push(b.data._id);
      return { id: b.data._id, content };
    });
  }

  postJob(person: Person) {
    const title = this.text('Reliability Engineer', person);
    const body = {
      title,
      description: 'Keeps a careers product up while its parts fail.',
      company: { name: 'Faultline', industry: 'Software' },
      location: { city: 'Lisbon', country: 'Portugal' },
      salary: { min: 50000, max: 90000 },
      skills: [{ name: 'kafka', required: true }],
    };
    return this.send('job', person, buildPath(routes.createJob), body, undefined, (b) => {
      this.jobs.push({ id: b.data._id, poster: person.index });
      return { id: b.data._id, content: title };
    });
  }

  like(person: Person, postId: string) {
    return this.send(
      'like',
      person,
      buildPath(routes.toggleLike, { id: postId }),
      undefined,
      postId,
      (b) => ({
        isLiked: b.data.isLiked,
      }),
    );
  }

  comment(person: Person, postId: string) {
    const content = this.text('Fault-suite comment', person);
    return this.send(
      'comment',
      person,
      buildPath(routes.addComment, { id: postId }),
      { content },
      postId,
      (b) => ({
        id: b.data._id,
        content,
      }),
    );
  }

  apply(person: Person, jobId: string) {
    this.applied.add(`${person.index}:${jobId}`);
    const coverLetter = this.text('Fault-suite application', person);
    return this.send(
      'apply',
      person,
      buildPath(routes.applyToJob, { id: jobId }),
      { applicationData: { coverLetter, expectedSalary: 70000 } },
      jobId,
      (b) => ({ id: b.data._id, content: coverLetter }),
    );
  }

  connect(person: Person, other: Person) {
    this.pairs.add([person.index, other.index].sort((a, b) => a - b).join(':'));
    return this.send(
      'connect',
      person,
      buildPath(routes.connect, { id: other.id }),
      undefined,
      other.id,
      (b) => ({
        id: b.data._id,
      }),
    );
  }

  /**
   * Connects two people (the request one of the load's own intents) and starts their conversation, so
   * that each can write to the other while the faults land. Before the load starts, with no fault yet.
   */
  async pairUp(a: Person, b: Person): Promise<void> {
    const asked = await this.connect(a, b);
    if (!asked.ok || !asked.id) throw new Error(`connect: HTTP ${asked.status}`);
    const accepted = await this.client.command(
      buildPath(routes.respondToConnection, { requestId: asked.id }),
      b.cookie,
      { status: 'accepted' },
      randomUUID(),
      'PUT',
    );
    if (accepted.status !== routes.respondToConnection.status)
      throw new Error(`accept: HTTP ${accepted.status}`);
    const started = await this.client.command(
      buildPath(routes.startConversation),
      a.cookie,
      { participantId: b.id },
      randomUUID(),
    );
    if (started.status !== routes.startConversation.status)
      throw new Error(`start conversation: HTTP ${started.status}`);
    this.conversations.set(a.index, started.body.data.conversationId);
    this.conversations.set(b.index, started.body.data.conversationId);
  }

  message(person: Person, conversationId: string) {
    const text = this.text('Fault-suite message', person);
    return this.send(
      'message',
      person,
      buildPath(routes.sendMessage, { id: conversationId }),
      { text },
      conversationId,
      (b) => ({ id: b.data._id, content: text }),
    );
  }

  /** Reads the person's feed once and records the answer. */
  async read(person: Person): Promise<Read> {
    const read: Read = { user: person.index, startedAt: Date.now(), endedAt: 0, status: 0, ok: false };
    try {
      read.status = (await this.client.query(buildPath(routes.getFeed), person.cookie)).status;
    } catch {
      read.status = 0;
    }
    read.ok = read.status === 200;
    read.endedAt = Date.now();
    this.reads.push(read);
    return read;
  }

  /** One command chosen by weight among those that make sense for this person now. */
  private async act(person: Person) {
    const conversation = this.conversations.get(person.index);
    if (conversation && Math.random() < 0.12) return this.message(person, conversation);
    const roll = Math.random();
    const post = pick(this.posts);
    if (roll < 0.4 && post) return this.like(person, post);
    if (roll < 0.62 && post) return this.comment(person, post);
    if (roll < 0.72) return this.post(person);
    if (roll < 0.86) {
      const job = pick(
        this.jobs.filter((j) => j.poster !== person.index && !this.applied.has(`${person.index}:${j.id}`)),
      );
      if (job) return this.apply(person, job.id);
    }
    const other = pick(
      this.people.filter(
        (p) =>
          p.index !== person.index &&
          !this.pairs.has([person.index, p.index].sort((a, b) => a - b).join(':')),
      ),
    );
    if (other) return this.connect(person, other);
    return post ? this.like(person, post) : this.post(person);
  }

  /** Starts every person's loop; `stop()` ends them. */
  start() {
    this.running = this.people.map(async (person) => {
      await sleep(Math.random() * this.options.thinkMs);
      while (!this.stopped) {
        await this.act(person);
        if (this.options.reads) await this.read(person);
        await sleep(this.options.thinkMs * (0.5 + Math.random()));
      }
    });
  }

  async stop() {
    this.stopped = true;
    await Promise.all(this.running);
  }

  /** The first acknowledged command sent at or after `since`, if any yet. */
  firstAckSince(since: number): Attempt | undefined {
    let first: Attempt | undefined;
    for (const a of this.attempts) {
      if (a.ok && a.startedAt >= since && (!first || a.endedAt < first.endedAt)) first = a;
    }
    return first;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

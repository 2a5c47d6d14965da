import { performance } from 'node:perf_hooks';
import { routes } from '@careers/contracts/routes';
import { type BenchUser, Endpoint, header, outcomeOf, type ProductApi, type Reply } from './api.ts';
import type { BenchConfig } from './config.ts';
import { type CpuUsage, CpuWindow, type Meter } from './cpu.ts';
import { arrivalAt, arrivalsDue, closedLoop, type LoadResult, type Outcome } from './load.ts';
import { type FeedResult, sampleFeed } from './measure-feed.ts';
import { type Population, pick } from './measure-setup.ts';
import type { StartJsonBaseline } from './topology.ts';
import type { Comparison } from './versus-baseline.ts';

/** The likes written during one measured window. */
export interface LikeWindow {
  /** Likes sent in the window, how many the command-service accepted (2xx), and that per second. */
  sent: number;
  accepted: number;
  acceptedRate: number;
  errors: Record<string, number>;
  /** Arrivals not sent because that user's last toggle of that post was still awaited. */
  skippedBusy: number;
}

export type FeedUnderWritesResult =
  | (Comparison & {
      status: 'measured';
      /** Likes per second asked for, toggling (a like or an unlike), in an open loop. */
      likeRate: number;
      /** What was written while the product was read, and while the baseline was. */
      likes: { product: LikeWindow; baseline: LikeWindow };
      /** Posts the likes went to: none of them on the feed page any reader reads. */
      likedPosts: number;
      /** Liked posts found on a page read after the load (must be 0 for the figures to mean anything). */
      likedPostsOnPages: number;
      bodyBytes: number;
      postsOnPage: number;
      /** Share of the product's reads answered from its response cache (`x-read-cache: hit`). */
      hitShare: number | null;
      /** Feed reads/s here over the feed phase's reads/s with nothing written, when that phase ran. */
      versusQuiet: number | null;
    })
  | { status: 'missing'; reason: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ids of the posts on a feed page body. */
function pageIds(body: string): string[] {
  return (JSON.parse(body) as { data: Array<{ _id: string }> }).data.map((post) => post._id);
}

/** The posts on page 1 of every reader's feed (what the closed loop reads). */
async function postsOnPages(api: ProductApi, users: readonly BenchUser[]): Promise<Set<string>> {
  const ids = new Set<string>();
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < users.length; i = next++) {
      const reply = await api.getFeed(users[i] as BenchUser);
      if (reply.status !== routes.getFeed.status) throw new Error(`feed page: HTTP ${reply.status}`);
      for (const id of pageIds(reply.body)) ids.add(id);
    }
  };
  await Promise.all(Array.from({ length: 8 }, lane));
  return ids;
}

/**
 * An open loop of like toggles at a fixed rate, from random readers on random posts of `posts`, until
 * stopped. Each toggle's send and answer times are kept, so any window can be counted afterwards.
 */
export class LikeWriter {
  private readonly sends: Array<{ sentAt: number; doneAt: number; error: string | null }> = [];
  private readonly skips: number[] = [];
  private readonly busy = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly toggle: (user: BenchUser, postId: string) => Promise<Reply>;
  private readonly users: readonly BenchUser[];
  private readonly posts: readonly string[];
  private readonly rate: number;

  constructor(
    toggle: (user: BenchUser, postId: string) => Promise<Reply>,
    users: readonly BenchUser[],
    posts: readonly string[],
    rate: number,
  ) {
    this.toggle = toggle;
    this.users = users;
    this.posts = posts;
    this.rate = rate;
  }

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  /** Ends the arrivals and waits for every toggle sent to be answered. */
  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    await Promise.all([...this.inFlight]);
  }

  /** Counts of the toggles sent between two instants (performance.now()). */
  window(from: number, to: number): LikeWindow {
    const sent = this.sends.filter((s) => s.sentAt >= from && s.sentAt < to);
    const errors: Record<string, number> = {};
    let accepted = 0;
    for (const s of sent) {
      if (s.error === null) accepted++;
      else errors[s.error] = (errors[s.error] ?? 0) + 1;
    }
    const seconds = Math.max(0.001, (to - from) / 1000);
    return {
      sent: sent.length,
      accepted,
      acceptedRate: accepted / seconds,
      errors,
      skippedBusy: this.skips.filter((at) => at >= from && at < to).length,
    };
  }

  private async run(): Promise<void> {
    const start = performance.now();
    let fired = 0;
    while (this.running) {
      const due = arrivalsDue(performance.now() - start, this.rate);
      while (fired < due) {
        fired++;
        this.fire();
      }
      await sleep(Math.max(0, arrivalAt(fired, this.rate) - (performance.now() - start)));
    }
  }

  private fire(): void {
    // A few tries for a pair whose last toggle is answered: two toggles of one pair at once may not
    // both be applied in the order sent, and the count would not say what was written.
    for (let attempt = 0; attempt < 5; attempt++) {
      const user = pick(this.users);
      const postId = pick(this.posts);
      const pair = `${user.id} ${postId}`;
      if (this.busy.has(pair)) continue;
      this.busy.add(pair);
      const record = { sentAt: performance.now(), doneAt: 0, error: null as string | null };
      this.sends.push(record);
      const sent = this.toggle(user, postId)
        .then(
          (reply) => {
            if (reply.status !== routes.toggleLike.status) record.error = `HTTP ${reply.status}`;
          },
          (error: Error) => {
            record.error = error.name || 'Error';
          },
        )
        .finally(() => {
          record.doneAt = performance.now();
          this.busy.delete(pair);
          this.inFlight.delete(sent);
        });
      this.inFlight.add(sent);
      return;
    }
    this.skips.push(performance.now());
  }
}

/**
 * Feed reads exactly as the feed phase sends them (a random reader's page 1, closed loop), while an
 * open loop toggles likes on posts that are on none of those pages: a cache that keeps each response
 * while the posts on it are unchanged answers these reads as if nothing were written. The in-memory
 * JSON baseline serving the same body is measured under the same likes, so the ratio compares the read
 * paths on an equally busy machine; `versusQuiet` compares with the feed phase's reads without writes.
 */
export async function measureFeedUnderWrites(
  api: ProductApi,
  population: Population,
  startJsonBaseline: StartJsonBaseline,
  config: BenchConfig,
  meter: Meter,
  progress: (line: string) => void,
  quiet?: FeedResult,
): Promise<FeedUnderWritesResult> {
  if (config.feedWriteRate <= 0) return { status: 'missing', reason: 'BENCH_FEED_WRITE_RATE=0' };
  const sample = await sampleFeed(api, population.users[0] as BenchUser);
  if (sample.status === 'missing') return sample;
  const onPages = await postsOnPages(api, population.users);
  const targets = population.postIds.filter((id) => !onPages.has(id));
  if (targets.length === 0) {
    return {
      status: 'missing',
      reason: `every one of the ${population.postIds.length} posts is on a page read (BENCH_POSTS above the page size needed)`,
    };
  }
  const postsOnPage = pageIds(sample.body).length;
  const bodyBytes = Buffer.byteLength(sample.body);
  const baselineUrl = await startJsonBaseline('feed-under-writes', { '/feed': sample.body });
  const rate = config.feedWriteRate;
  progress(
    `  ${rate} likes/s toggled on ${targets.length} posts outside the ${onPages.size} posts on the pages read`,
  );

  const writer = new LikeWriter(
    (user, postId) => api.toggleLike(user, postId, true),
    population.users,
    targets,
    rate,
  );
  const measure = async (what: string, send: () => Promise<Outcome>) => {
    const cpu = new CpuWindow(meter.processes, meter.ticksPerSecond);
    let from = 0;
    let to = 0;
    progress(
      `${what}: ${config.connections} connections, ${config.warmupSeconds}s warm-up + ${config.seconds}s, ${rate} likes/s`,
    );
    const result: LoadResult = await closedLoop(
      {
        connections: config.connections,
        warmupMs: config.warmupSeconds * 1000,
        durationMs: config.seconds * 1000,
        onMeasureStart: () => {
          from = performance.now();
          cpu.start();
        },
        onMeasureEnd: () => {
          to = performance.now();
          cpu.end();
        },
      },
      send,
    );
    const likes = writer.window(from, to);
    progress(
      `  ${result.rate.toFixed(0)}/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ` +
        `${likes.acceptedRate.toFixed(0)} likes/s accepted`,
    );
    return { result, cpu: cpu.usage(), likes };
  };

  const baselineEndpoint = new Endpoint(baselineUrl, config.connections);
  writer.start();
  let app: { result: LoadResult; cpu: CpuUsage[]; likes: LikeWindow };
  let baseline: { result: LoadResult; cpu: CpuUsage[]; likes: LikeWindow };
  try {
    app = await measure(`feed reads (${postsOnPage} posts a page) while likes are written`, async () => {
      const reply = await api.getFeed(pick(population.users), true);
      const cache = header(reply, 'x-read-cache');
      return outcomeOf(reply, routes.getFeed.status, cache === undefined ? undefined : `cache ${cache}`);
    });
    baseline = await measure(
      `in-memory JSON baseline (the same ${bodyBytes}-byte body) while likes are written`,
      async () => {
        const reply = await baselineEndpoint.request('GET', '/feed', { discardBody: true });
        return reply.status === 200 ? { ok: true } : { ok: false, error: `HTTP ${reply.status}` };
      },
    );
  } finally {
    await writer.stop();
    await baselineEndpoint.close();
  }
  const after = await postsOnPages(api, population.users);
  const hits = app.result.byKind['cache hit']?.count ?? 0;
  const misses = app.result.byKind['cache miss']?.count ?? 0;
  return {
    status: 'measured',
    app: app.result,
    baseline: baseline.result,
    ratio: baseline.result.rate > 0 ? app.result.rate / baseline.result.rate : 0,
    cpu: { app: app.cpu, baseline: baseline.cpu },
    likeRate: rate,
    likes: { product: app.likes, baseline: baseline.likes },
    likedPosts: targets.length,
    likedPostsOnPages: targets.filter((id) => after.has(id)).length,
    bodyBytes,
    postsOnPage,
    hitShare: hits + misses > 0 ? hits / (hits + misses) : null,
    versusQuiet: quiet?.status === 'measured' && quiet.app.rate > 0 ? app.result.rate / quiet.app.rate : null,
  };
}

/** The bench's knobs, from BENCH_* environment variables; the defaults finish in about five minutes. */
export interface BenchConfig {
  /** Measured seconds of each load window. */
  seconds: number;
  /** Seconds of load before each window, not measured. */
  warmupSeconds: number;
  /** Concurrent keep-alive connections of the closed loops. */
  connections: number;
  users: number;
  posts: number;
  /** Socket.io clients, each subscribed to every post, in the propagation phase. */
  sockets: number;
  /** Share of commands in the command phase that are comments (the rest toggle likes). */
  commentShare: number;
  /**
   * Copies of each service the command phase runs its loop against a second time (2: a second copy of
   * every service joins, and the loop spreads over both); 1 skips that run.
   */
  copies: number;
  /** Arrivals per second of the propagation phase; 0 = half the command rate found. */
  openRate: number;
  /** Postgres pool of each service and of the INSERT baseline (the services' default). */
  poolSize: number;
  /** Share of the propagation phase's likes whose visibility is polled through GET /api/posts/:id. */
  visibilityShare: number;
  /** Shortest wait between two polls of one like (ms); later polls back off to 10% of the time waited. */
  pollMs: number;
  /** Jobs the jobs phase writes before searching them; 0 skips the phase. */
  jobs: number;
  /** People the network phase writes before reading suggestions and timing pushes; 0 skips the phase. */
  networkUsers: number;
  /** Connections among them (capped at a quarter of all possible pairs). */
  networkConnections: number;
  /** People with skills the notifications phase writes before posting jobs; 0 skips the phase. */
  notifyUsers: number;
  /** Likes per second toggled on posts off the pages read while feeds are read; 0 skips the phase. */
  feedWriteRate: number;
  /** Socket.io clients the sockets-at-scale phase holds on the one gateway; 0 skips the phase. */
  scaleSockets: number;
  /** Of those, how many watch the one post that takes likes. */
  scaleWatchers: number;
  /** Like toggles per second on that post. */
  scaleLikeRate: number;
  /**
   * Conversations of the one person whose list the messaging phase reads, one with each of as many
   * people, who all send and receive in its send loop; 0 skips the phase.
   */
  messageConversations: number;
  /** Events written to a namespace of their own and replayed by projections:rebuild; 0 skips the phase. */
  replayEvents: number;
  /**
   * How often (ms) the propagation phase reads the projector's post checkpoints to time its batches
   * (start, commit, size); 0 leaves Postgres alone (the reads are load of their own).
   */
  checkpointProbeMs: number;
}

const defaults: BenchConfig = {
  seconds: 15,
  warmupSeconds: 5,
  connections: 16,
  users: 150,
  posts: 100,
  sockets: 10,
  commentShare: 0.1,
  copies: 2,
  openRate: 0,
  poolSize: 10,
  visibilityShare: 0.25,
  pollMs: 5,
  jobs: 50_000,
  networkUsers: 10_000,
  networkConnections: 100_000,
  notifyUsers: 10_000,
  feedWriteRate: 100,
  scaleSockets: 10_000,
  scaleWatchers: 1000,
  scaleLikeRate: 20,
  messageConversations: 200,
  replayEvents: 1_000_000,
  checkpointProbeMs: 0,
};

const names: Record<keyof BenchConfig, string> = {
  seconds: 'BENCH_SECONDS',
  warmupSeconds: 'BENCH_WARMUP_SECONDS',
  connections: 'BENCH_CONNECTIONS',
  users: 'BENCH_USERS',
  posts: 'BENCH_POSTS',
  sockets: 'BENCH_SOCKETS',
  commentShare: 'BENCH_COMMENT_SHARE',
  copies: 'BENCH_COPIES',
  openRate: 'BENCH_OPEN_RATE',
  poolSize: 'BENCH_POOL_SIZE',
  visibilityShare: 'BENCH_VISIBILITY_SHARE',
  pollMs: 'BENCH_POLL_MS',
  jobs: 'BENCH_JOBS',
  networkUsers: 'BENCH_NETWORK_USERS',
  networkConnections: 'BENCH_NETWORK_CONNECTIONS',
  notifyUsers: 'BENCH_NOTIFY_USERS',
  feedWriteRate: 'BENCH_FEED_WRITE_RATE',
  scaleSockets: 'BENCH_SCALE_SOCKETS',
  scaleWatchers: 'BENCH_SCALE_WATCHERS',
  scaleLikeRate: 'BENCH_SCALE_LIKE_RATE',
  messageConversations: 'BENCH_MESSAGES',
  replayEvents: 'BENCH_REPLAY_EVENTS',
  checkpointProbeMs: 'BENCH_CHECKPOINT_PROBE_MS',
};

const limits: Partial<Record<keyof BenchConfig, [number, number]>> = {
  seconds: [1, 120],
  warmupSeconds: [0, 60],
  connections: [1, 256],
  users: [2, 1000],
  // One post:subscribe names at most 100 posts (contracts' MAX_POST_SUBSCRIPTIONS).
  posts: [1, 100],
  sockets: [1, 100],
  commentShare: [0, 1],
  copies: [1, 2],
  openRate: [0, 10_000],
  poolSize: [1, 200],
  visibilityShare: [0, 1],
  pollMs: [1, 1000],
  jobs: [0, 500_000],
  networkUsers: [0, 100_000],
  networkConnections: [0, 1_000_000],
  notifyUsers: [0, 100_000],
  feedWriteRate: [0, 10_000],
  scaleSockets: [0, 50_000],
  scaleWatchers: [1, 50_000],
  scaleLikeRate: [1, 1000],
  messageConversations: [0, 1000],
  replayEvents: [0, 5_000_000],
  checkpointProbeMs: [0, 1000],
};

export function readConfig(env: NodeJS.ProcessEnv): BenchConfig {
  const config = { ...defaults };
  const problems: string[] = [];
  for (const key of Object.keys(defaults) as Array<keyof BenchConfig>) {
    const raw = env[names[key]];
    if (raw === undefined || raw.trim() === '') continue;
    const value = Number(raw);
    const [min, max] = limits[key] ?? [0, Number.MAX_SAFE_INTEGER];
    if (!Number.isFinite(value) || value < min || value > max) {
      problems.push(`${names[key]} must be a number from ${min} to ${max} (got ${JSON.stringify(raw)})`);
    } else {
      config[key] = value;
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return config;
}
